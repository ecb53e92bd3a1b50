package cloud.gardener.apiserver.api.selection;

import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.NameFormats;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A recursive-descent parser for the set-based label selector grammar of {@code labels.Parse}, with
 * the same tokens, precedence and error messages. Not thread-safe; one instance per parse.
 */
final class LabelSelectorParser {

    private enum Token {
        ERROR,
        END,
        CLOSED_PAR,
        COMMA,
        DOES_NOT_EXIST,
        DOUBLE_EQUALS,
        EQUALS,
        GREATER_THAN,
        IDENTIFIER,
        IN,
        LESS_THAN,
        NOT_EQUALS,
        NOT_IN,
        OPEN_PAR
    }

    private record Item(Token token, String literal) {}

    /** Values context: the keywords {@code in} and {@code notin} are plain identifiers there. */
    private enum Context {
        KEY_AND_OPERATOR,
        VALUES
    }

    private static final Map<String, Token> LITERALS = Map.ofEntries(
            Map.entry(")", Token.CLOSED_PAR),
            Map.entry(",", Token.COMMA),
            Map.entry("!", Token.DOES_NOT_EXIST),
            Map.entry("==", Token.DOUBLE_EQUALS),
            Map.entry("=", Token.EQUALS),
            Map.entry(">", Token.GREATER_THAN),
            Map.entry("in", Token.IN),
            Map.entry("<", Token.LESS_THAN),
            Map.entry("!=", Token.NOT_EQUALS),
            Map.entry("notin", Token.NOT_IN),
            Map.entry("(", Token.OPEN_PAR));

    /** The binary operators in the order Go lists them in its "expected:" message. */
    private static final String BINARY_OPERATORS = "in, notin, =, ==, !=, gt, lt";

    private final String input;
    private int pos;
    private final List<Item> items = new ArrayList<>();
    private int position;

    private LabelSelectorParser(String input) {
        this.input = input;
    }

    /** Parses {@code selector}; the requirements come back sorted by key. */
    static List<LabelRequirement> parse(String selector) throws SelectorSyntaxException {
        LabelSelectorParser parser = new LabelSelectorParser(selector);
        List<LabelRequirement> requirements = new ArrayList<>(parser.parseAll());
        requirements.sort(Comparator.comparing(LabelRequirement::key));
        return requirements;
    }

    // ---- lexer ----

    private static boolean isWhitespace(char ch) {
        return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n';
    }

    private static boolean isSpecialSymbol(char ch) {
        return switch (ch) {
            case '=', '!', '(', ')', ',', '>', '<' -> true;
            default -> false;
        };
    }

    private Item lex() {
        while (pos < input.length() && isWhitespace(input.charAt(pos))) {
            pos++;
        }
        if (pos >= input.length()) {
            return new Item(Token.END, "");
        }
        return isSpecialSymbol(input.charAt(pos)) ? scanSpecialSymbol() : scanIdentifierOrKeyword();
    }

    private Item scanIdentifierOrKeyword() {
        int start = pos;
        while (pos < input.length() && !isSpecialSymbol(input.charAt(pos)) && !isWhitespace(input.charAt(pos))) {
            pos++;
        }
        String literal = input.substring(start, pos);
        Token keyword = LITERALS.get(literal);
        return new Item(keyword != null ? keyword : Token.IDENTIFIER, literal);
    }

    /** The longest run of special characters that still forms an operator, as the Go lexer scans it. */
    private Item scanSpecialSymbol() {
        Item last = null;
        StringBuilder buffer = new StringBuilder();
        while (pos < input.length() && isSpecialSymbol(input.charAt(pos))) {
            buffer.append(input.charAt(pos));
            Token token = LITERALS.get(buffer.toString());
            if (token != null) {
                last = new Item(token, buffer.toString());
            } else if (last != null) {
                break;
            }
            pos++;
        }
        if (last == null) {
            return new Item(Token.ERROR, "error expected: keyword found '" + buffer + "'");
        }
        return last;
    }

    // ---- parser ----

    private Item lookahead(Context context) {
        return inContext(items.get(position), context);
    }

    private Item consume(Context context) {
        return inContext(items.get(position++), context);
    }

    private static Item inContext(Item item, Context context) {
        if (context == Context.VALUES && (item.token() == Token.IN || item.token() == Token.NOT_IN)) {
            return new Item(Token.IDENTIFIER, item.literal());
        }
        return item;
    }

    private List<LabelRequirement> parseAll() throws SelectorSyntaxException {
        while (true) {
            Item item = lex();
            items.add(item);
            if (item.token() == Token.END) {
                break;
            }
        }
        List<LabelRequirement> requirements = new ArrayList<>();
        while (true) {
            Item next = lookahead(Context.VALUES);
            switch (next.token()) {
                case IDENTIFIER, DOES_NOT_EXIST -> {
                    try {
                        requirements.add(parseRequirement());
                    } catch (SelectorSyntaxException e) {
                        throw new SelectorSyntaxException("unable to parse requirement: " + e.getMessage());
                    }
                    Item after = consume(Context.VALUES);
                    switch (after.token()) {
                        case END -> {
                            return requirements;
                        }
                        case COMMA -> {
                            Item following = lookahead(Context.VALUES);
                            if (following.token() != Token.IDENTIFIER && following.token() != Token.DOES_NOT_EXIST) {
                                throw new SelectorSyntaxException(
                                        "found '" + following.literal() + "', expected: identifier after ','");
                            }
                        }
                        default ->
                            throw new SelectorSyntaxException(
                                    "found '" + after.literal() + "', expected: ',' or 'end of string'");
                    }
                }
                case END -> {
                    return requirements;
                }
                default ->
                    throw new SelectorSyntaxException(
                            "found '" + next.literal() + "', expected: !, identifier, or 'end of string'");
            }
        }
    }

    private LabelRequirement parseRequirement() throws SelectorSyntaxException {
        SelectionOperator operator = null;
        Item item = consume(Context.VALUES);
        if (item.token() == Token.DOES_NOT_EXIST) {
            operator = SelectionOperator.DOES_NOT_EXIST;
            item = consume(Context.VALUES);
        }
        if (item.token() != Token.IDENTIFIER) {
            throw new SelectorSyntaxException("found '" + item.literal() + "', expected: identifier");
        }
        String key = item.literal();
        List<String> keyErrors = NameFormats.qualifiedName(key);
        if (!keyErrors.isEmpty()) {
            // Go validates the key here with a nil field path, which prints as "<nil>".
            throw new SelectorSyntaxException(FieldError.invalid("<nil>", key, String.join("; ", keyErrors))
                    .toString());
        }
        Token next = lookahead(Context.VALUES).token();
        if ((next == Token.END || next == Token.COMMA) && operator == null) {
            operator = SelectionOperator.EXISTS;
        }
        if (operator != null) {
            // "!key" ends the requirement whatever follows; the caller then rejects a stray operator.
            return newRequirement(key, operator, List.of());
        }
        operator = parseOperator();
        Set<String> values = switch (operator) {
            case IN, NOT_IN -> parseValues();
            default -> parseExactValue();
        };
        return newRequirement(key, operator, new ArrayList<>(new TreeSet<>(values)));
    }

    private SelectionOperator parseOperator() throws SelectorSyntaxException {
        Item item = consume(Context.KEY_AND_OPERATOR);
        return switch (item.token()) {
            case IN -> SelectionOperator.IN;
            case EQUALS -> SelectionOperator.EQUALS;
            case DOUBLE_EQUALS -> SelectionOperator.DOUBLE_EQUALS;
            case GREATER_THAN -> SelectionOperator.GREATER_THAN;
            case LESS_THAN -> SelectionOperator.LESS_THAN;
            case NOT_IN -> SelectionOperator.NOT_IN;
            case NOT_EQUALS -> SelectionOperator.NOT_EQUALS;
            default ->
                throw new SelectorSyntaxException("found '" + item.literal() + "', expected: " + BINARY_OPERATORS);
        };
    }

    private Set<String> parseValues() throws SelectorSyntaxException {
        Item item = consume(Context.VALUES);
        if (item.token() != Token.OPEN_PAR) {
            throw new SelectorSyntaxException("found '" + item.literal() + "' expected: '('");
        }
        Item next = lookahead(Context.VALUES);
        switch (next.token()) {
            case IDENTIFIER, COMMA -> {
                Set<String> values = parseIdentifiersList();
                if (consume(Context.VALUES).token() != Token.CLOSED_PAR) {
                    // Go reports the literal it looked at before the list, not the offending one.
                    throw new SelectorSyntaxException("found '" + next.literal() + "', expected: ')'");
                }
                return values;
            }
            case CLOSED_PAR -> {
                consume(Context.VALUES);
                return Set.of("");
            }
            default ->
                throw new SelectorSyntaxException("found '" + next.literal() + "', expected: ',', ')' or identifier");
        }
    }

    private Set<String> parseIdentifiersList() throws SelectorSyntaxException {
        Set<String> values = new LinkedHashSet<>();
        while (true) {
            Item item = consume(Context.VALUES);
            switch (item.token()) {
                case IDENTIFIER -> {
                    values.add(item.literal());
                    Item next = lookahead(Context.VALUES);
                    switch (next.token()) {
                        case COMMA -> {}
                        case CLOSED_PAR -> {
                            return values;
                        }
                        default ->
                            throw new SelectorSyntaxException("found '" + next.literal() + "', expected: ',' or ')'");
                    }
                }
                case COMMA -> {
                    if (values.isEmpty()) {
                        values.add(""); // "(,"
                    }
                    Token next = lookahead(Context.VALUES).token();
                    if (next == Token.CLOSED_PAR) {
                        values.add(""); // ",)"
                        return values;
                    }
                    if (next == Token.COMMA) {
                        consume(Context.VALUES);
                        values.add(""); // ",,"
                    }
                }
                default ->
                    throw new SelectorSyntaxException("found '" + item.literal() + "', expected: ',', or identifier");
            }
        }
    }

    private Set<String> parseExactValue() throws SelectorSyntaxException {
        Token next = lookahead(Context.VALUES).token();
        if (next == Token.END || next == Token.COMMA) {
            return Set.of("");
        }
        Item item = consume(Context.VALUES);
        if (item.token() == Token.IDENTIFIER) {
            return Set.of(item.literal());
        }
        throw new SelectorSyntaxException("found '" + item.literal() + "', expected: identifier");
    }

    /** {@code labels.NewRequirement}: checks the values and aggregates every error found. */
    private static LabelRequirement newRequirement(String key, SelectionOperator operator, List<String> values)
            throws SelectorSyntaxException {
        List<FieldError> errors = new ArrayList<>();
        if (operator == SelectionOperator.GREATER_THAN || operator == SelectionOperator.LESS_THAN) {
            for (int i = 0; i < values.size(); i++) {
                try {
                    Long.parseLong(values.get(i));
                } catch (NumberFormatException e) {
                    errors.add(FieldError.invalid(
                            "values[" + i + "]",
                            values.get(i),
                            "for 'Gt', 'Lt' operators, the value must be an integer"));
                }
            }
        }
        for (int i = 0; i < values.size(); i++) {
            List<String> valueErrors = NameFormats.labelValue(values.get(i));
            if (!valueErrors.isEmpty()) {
                errors.add(FieldError.invalid(
                        "values[" + i + "][" + key + "]", values.get(i), String.join("; ", valueErrors)));
            }
        }
        if (!errors.isEmpty()) {
            throw new SelectorSyntaxException(aggregate(errors));
        }
        return new LabelRequirement(key, operator, values);
    }

    /** {@code utilerrors.Aggregate.Error}: one message alone, several de-duplicated inside brackets. */
    private static String aggregate(List<FieldError> errors) {
        Set<String> messages = new LinkedHashSet<>();
        errors.forEach(e -> messages.add(e.toString()));
        return messages.size() == 1 ? messages.iterator().next() : "[" + String.join(", ", messages) + "]";
    }
}
