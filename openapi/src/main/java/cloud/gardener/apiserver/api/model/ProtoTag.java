package cloud.gardener.apiserver.api.model;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The protobuf field number of a record component, as the Go struct's {@code protobuf:"…,N,…"} tag and the
 * group version's {@code generated.proto} give it. Field numbers are wire facts: they never follow from the
 * component's position (Go keeps the numbers of removed fields reserved). Components without a tag (the inline
 * {@code TypeMeta}) are not on the protobuf wire; neither are the records of group versions Gardener serves as
 * CustomResourceDefinitions ({@code operator.gardener.cloud}), which have no tags at all.
 *
 * <p>Everything else about the wire form follows from the component's Java type, as go-to-protobuf derives the
 * message from the Go type:
 * <ul>
 *   <li>{@code String} → {@code string}; {@code boolean}/{@code Boolean} → {@code bool}; {@code int}/{@code Integer}
 *       → {@code int32}; {@code long}/{@code Long} → {@code int64}; {@code double}/{@code Double} → {@code double}
 *       (fixed64); {@code Base64Bytes} ({@code []byte}) → {@code bytes}.</li>
 *   <li>{@code JsonNode} ({@code runtime.RawExtension}, {@code apiextensionsv1.JSON}, {@code metav1.FieldsV1}) → a
 *       message whose field 1 is {@code bytes} holding the JSON.</li>
 *   <li>{@code Time}/{@code MicroTime}, {@code Duration}, {@code Quantity}, {@code IntOrString} → apimachinery's
 *       messages of those names; {@code MachineImageFlavor} → {@code { map<string, CapabilityValues> capabilities = 1 }}.</li>
 *   <li>A record → the message of the record's name in its package's {@code generated.proto}, also for an
 *       {@link Inline} component: JSON flattens an embedded struct, protobuf keeps it a message field of its own.</li>
 *   <li>{@code List<T>} → {@code repeated T}; {@code Map<String, T>} → {@code map<string, T>}, where a
 *       {@code List<T>} value is wrapped in a message {@code { repeated T items = 1 }} (go-to-protobuf cannot
 *       repeat inside a map, so Go names the slice type, e.g. {@code ExtraValue}).</li>
 *   <li>Presence: a pointer (boxed number or boolean, {@link Ptr}) is written only when set; Go writes every
 *       other scalar and struct field always, also when it is the zero value.</li>
 * </ul>
 * The elements besides {@link #value()} cover what the Java type does not say.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface ProtoTag {

    /** The field number. */
    int value();

    /**
     * The protobuf field name (the Go tag's {@code name=}) when it differs from the JSON name: only
     * {@code ResourceData}'s inline {@code CrossVersionObjectReference}, which is field {@code ref}.
     */
    String name() default "";

    /**
     * The {@code List<T>} component's Go type is a named slice type that go-to-protobuf wraps in a message
     * {@code { repeated T items = 1 }} (with {@code +protobuf.nullable=true}: a nil slice is no field, an empty one an
     * empty message), e.g. {@code CapabilityDefinition.values} of type {@code CapabilityValues}. Map values of list
     * type are always wrapped so and need no mark.
     */
    boolean itemsMessage() default false;
}
