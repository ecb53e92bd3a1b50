package cloud.gardener.apiserver.endpoints.patch;

import java.util.List;

/**
 * The patch metadata of one field ({@code strategicpatch.PatchMeta}) and the meta of its value.
 *
 * @param strategies the {@code patchStrategy} split at commas ({@code merge}, {@code replace}, {@code retainKeys});
 *                   empty when the field has none
 * @param mergeKey   the {@code patchMergeKey}, or empty
 * @param meta       the meta of the field's value (of its items, for a list)
 */
public record FieldPatchMeta(List<String> strategies, String mergeKey, PatchMeta meta) {

    public FieldPatchMeta {
        strategies = List.copyOf(strategies);
    }

    /** A field with no strategy and no merge key. */
    public static FieldPatchMeta plain(PatchMeta meta) {
        return new FieldPatchMeta(List.of(), "", meta);
    }
}
