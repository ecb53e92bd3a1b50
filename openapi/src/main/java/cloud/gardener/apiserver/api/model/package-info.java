/**
 * The typed model: Java records that mirror Gardener's (and Kubernetes') Go API types field for field, so that
 * {@link cloud.gardener.apiserver.api.model.ModelCodec} gives exactly the JSON the Go server gives and
 * {@link cloud.gardener.apiserver.api.model.ModelSchemas} the OpenAPI that kube-openapi generates.
 *
 * <h2>Mirroring a Go type</h2>
 * <ul>
 *   <li>One Java package per Go package, annotated with {@link cloud.gardener.apiserver.api.model.GoPackage} in its
 *       {@code package-info.java} (e.g. {@code api.core.v1beta1} ↔ {@code github.com/gardener/gardener/pkg/apis/core/v1beta1},
 *       {@code api.k8s.metav1} ↔ {@code k8s.io/apimachinery/pkg/apis/meta/v1}). One public record per Go struct,
 *       same simple name, one file each.</li>
 *   <li>Components in the Go field order, named as the JSON name (or {@link cloud.gardener.apiserver.api.model.JsonName}
 *       when that is a Java keyword). {@code omitempty} → {@link cloud.gardener.apiserver.api.model.OmitEmpty};
 *       {@code +optional} without omitempty → {@link cloud.gardener.apiserver.api.model.Optional}.</li>
 *   <li>Types: {@code string} (and string enums) → {@code String}; {@code bool}/{@code int32}/{@code int64}/
 *       {@code float64} → {@code boolean}/{@code int}/{@code long}/{@code double}; their pointers → {@code Boolean}/
 *       {@code Integer}/{@code Long}/{@code Double}; {@code *string} and {@code *Struct} → {@code String}/the record with
 *       {@link cloud.gardener.apiserver.api.model.Ptr}; {@code []T} → {@code List<T>}; {@code map[string]T} →
 *       {@code Map<String, T>}; {@code runtime.RawExtension}, {@code apiextensionsv1.JSON} → {@code JsonNode}
 *       (with {@code @Ptr} when the Go field is a pointer); {@code resource.Quantity}, {@code metav1.Duration},
 *       {@code metav1.Time}, {@code intstr.IntOrString}, {@code []byte} → the types of {@code api.model.values};
 *       embedded structs ({@code json:",inline"}) → a component with {@link cloud.gardener.apiserver.api.model.Inline}.</li>
 *   <li>Top-level kinds start with {@code @Inline TypeMeta typeMeta} and {@code @OmitEmpty ObjectMeta metadata}
 *       (lists: {@code ListMeta metadata} and {@code List<Kind> items} without omitempty).</li>
 *   <li>{@code patchStrategy}/{@code patchMergeKey} tags → {@link cloud.gardener.apiserver.api.model.Patch};
 *       {@code +listType}/{@code +listMapKey} → {@link cloud.gardener.apiserver.api.model.ListType}; {@code +mapType}
 *       → {@link cloud.gardener.apiserver.api.model.MapType}.</li>
 *   <li>The Go doc comment → {@link cloud.gardener.apiserver.api.model.Doc} on the record and on each component
 *       (without the {@code +marker} lines), which {@code kubectl explain} shows.</li>
 * </ul>
 * Records hold data only: defaulting, validation and helpers live elsewhere.
 */
package cloud.gardener.apiserver.api.model;
