package cloud.gardener.apiserver.api.model.values;

/** The suffix family a {@link Quantity} was written in, and is printed in again (Go's {@code resource.Format}). */
public enum QuantityFormat {
    /** e.g. {@code 12e6}. */
    DECIMAL_EXPONENT("DecimalExponent"),
    /** e.g. {@code 12Mi} (12 * 2^20). */
    BINARY_SI("BinarySI"),
    /** e.g. {@code 12M} (12 * 10^6), and plain numbers. */
    DECIMAL_SI("DecimalSI");

    private final String goName;

    QuantityFormat(String goName) {
        this.goName = goName;
    }

    /** The name Go uses for this format. */
    public String goName() {
        return goName;
    }
}
