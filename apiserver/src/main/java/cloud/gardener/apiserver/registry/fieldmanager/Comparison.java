package cloud.gardener.apiserver.registry.fieldmanager;

/**
 * What changed between two objects ({@code typed.Comparison}): leaves and new maps, lists and items that were
 * added, leaves whose value changed, and everything that went away.
 */
record Comparison(FieldSet added, FieldSet modified, FieldSet removed) {

    Comparison() {
        this(new FieldSet(), new FieldSet(), new FieldSet());
    }
}
