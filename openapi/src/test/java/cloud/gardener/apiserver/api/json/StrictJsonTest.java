package cloud.gardener.apiserver.api.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class StrictJsonTest {

    private static StrictJson.Parsed parse(String s) throws IOException {
        return StrictJson.parse(s.replace('\'', '"').getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void recordsEveryDuplicateWithItsPathAndKeepsTheLastValue() throws IOException {
        StrictJson.Parsed p =
                parse("{'metadata':{'name':'a','name':'b'},'spec':{'items':[{'x':1,'x':2}]},'kind':'K','kind':'L'}");

        assertThat(p.duplicateFields()).containsExactly("metadata.name", "spec.items[0].x", "kind");
        assertThat(p.tree().at("/metadata/name").asText()).isEqualTo("b");
        assertThat(p.tree().at("/spec/items/0/x").asInt()).isEqualTo(2);
    }

    @Test
    void keepsNumbersExact() throws IOException {
        StrictJson.Parsed p = parse("{'i':1,'l':5000000000,'b':123456789012345678901234567890,'f':1.50}");

        assertThat(p.tree().get("i").isInt()).isTrue();
        assertThat(p.tree().get("l").isLong()).isTrue();
        assertThat(p.tree().get("b").isBigInteger()).isTrue();
        assertThat(p.tree().get("f").decimalValue()).isEqualByComparingTo("1.5");
        assertThat(p.duplicateFields()).isEmpty();
    }

    @Test
    void rejectsBrokenOrTrailingInput() {
        assertThatThrownBy(() -> parse("{'a':")).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> parse("{} {}")).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> parse("")).isInstanceOf(IOException.class);
    }
}
