package cloud.gardener.apiserver.endpoints.patch;

/**
 * Patch metadata for JSON without a model (kinds without records, raw-extension fields): every field is known and
 * plain, so objects merge as in JSON merge patch and lists are replaced.
 */
final class NoPatchMeta implements PatchMeta {

    static final NoPatchMeta INSTANCE = new NoPatchMeta();

    private static final FieldPatchMeta PLAIN = FieldPatchMeta.plain(INSTANCE);

    private NoPatchMeta() {}

    @Override
    public FieldPatchMeta lookupForStruct(String key) {
        return PLAIN;
    }

    @Override
    public FieldPatchMeta lookupForSlice(String key) {
        return PLAIN;
    }

    @Override
    public String name() {
        return "struct";
    }
}
