package cloud.gardener.apiserver.endpoints.patch;

import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.resource.ResourceModels;

/**
 * What strategic merge patch needs to know about an object's fields ({@code strategicpatch.LookupPatchMeta}):
 * for a field of the object this meta describes, its patch strategies, merge key, and the meta of what the field
 * holds (for a list: of its items). Lookups happen only where original and patch both hold an object or both a
 * list, as in Go.
 */
public interface PatchMeta {

    /**
     * The field {@code key} when it holds an object (a struct or a map).
     *
     * @throws cloud.gardener.apiserver.api.meta.ApiException when the field is unknown, as Go's lookup fails
     */
    FieldPatchMeta lookupForStruct(String key);

    /**
     * The field {@code key} when it holds a list; the returned meta describes the list's items.
     *
     * @throws cloud.gardener.apiserver.api.meta.ApiException when the field is unknown or not a list
     */
    FieldPatchMeta lookupForSlice(String key);

    /** The kind of type described, as Go's {@code Name()} prints it in errors ({@code struct}, {@code map}). */
    String name();

    /** No metadata: maps merge, lists are replaced, no field is unknown. */
    static PatchMeta none() {
        return NoPatchMeta.INSTANCE;
    }

    /** The metadata of a model record ({@code @Patch} on its components). */
    static PatchMeta of(Class<?> record) {
        return ModelPatchMeta.ofRecord(record);
    }

    /** The metadata of a kind's model, or {@link #none()} for a kind without one. */
    static PatchMeta forKind(GroupVersionKind gvk) {
        return ResourceModels.of(gvk).map(PatchMeta::of).orElse(none());
    }
}
