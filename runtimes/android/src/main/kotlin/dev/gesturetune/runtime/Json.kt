package dev.gesturetune.runtime

/**
 * A small strict JSON reader (RFC 8259) for params.json and the conformance cases: objects as
 * [LinkedHashMap] (a repeated key is an error), arrays as [List], strings, numbers as [Double],
 * booleans and null. A leading byte-order mark is skipped; anything after the value is an error.
 */
internal object Json {
    /** Why a text is not JSON, and where (1-based line and column). */
    class SyntaxException(val reason: String, val line: Int, val column: Int) :
        IllegalArgumentException("$reason at line $line, column $column")

    /** The value of [text]. */
    fun parse(text: String): Any? {
        val reader = Reader(text)
        return reader.document()
    }

    private class Reader(private val text: String) {
        private var i = 0
        private var depth = 0

        fun document(): Any? {
            if (text.startsWith("\uFEFF")) i = 1
            space()
            val value = value()
            space()
            if (i < text.length) fail("unexpected text after the JSON value")
            return value
        }

        fun fail(reason: String, at: Int = i): Nothing {
            var line = 1
            var column = 1
            for (k in 0 until Math.min(at, text.length)) {
                if (text[k] == '\n') {
                    line += 1; column = 1
                } else {
                    column += 1
                }
            }
            throw SyntaxException(reason, line, column)
        }

        fun space() {
            while (i < text.length) {
                val c = text[i]
                if (c == ' ' || c == '\t' || c == '\n' || c == '\r') i += 1 else return
            }
        }

        fun value(): Any? {
            if (i >= text.length) fail("unexpected end of text")
            return when (val c = text[i]) {
                '{' -> obj()
                '[' -> array()
                '"' -> string()
                't' -> word("true", true)
                'f' -> word("false", false)
                'n' -> word("null", null)
                else -> if (c == '-' || (c in '0'..'9')) number() else fail("unexpected character '$c'")
            }
        }

        fun word(w: String, v: Any?): Any? {
            if (!text.startsWith(w, i)) fail("invalid literal")
            i += w.length
            return v
        }

        fun nest() {
            depth += 1
            if (depth > 512) fail("nested too deeply")
        }

        fun obj(): Map<String, Any?> {
            nest()
            i += 1
            val out = LinkedHashMap<String, Any?>()
            space()
            if (i < text.length && text[i] == '}') {
                i += 1; depth -= 1
                return out
            }
            while (true) {
                space()
                if (i >= text.length || text[i] != '"') fail("expected a string key")
                val keyAt = i
                val key = string()
                if (out.containsKey(key)) fail("repeated key \"$key\"", keyAt)
                space()
                if (i >= text.length || text[i] != ':') fail("expected ':'")
                i += 1
                space()
                out[key] = value()
                space()
                if (i >= text.length) fail("unexpected end of text in an object")
                when (text[i]) {
                    ',' -> i += 1
                    '}' -> {
                        i += 1; depth -= 1
                        return out
                    }
                    else -> fail("expected ',' or '}'")
                }
            }
        }

        fun array(): List<Any?> {
            nest()
            i += 1
            val out = ArrayList<Any?>()
            space()
            if (i < text.length && text[i] == ']') {
                i += 1; depth -= 1
                return out
            }
            while (true) {
                space()
                out.add(value())
                space()
                if (i >= text.length) fail("unexpected end of text in an array")
                when (text[i]) {
                    ',' -> i += 1
                    ']' -> {
                        i += 1; depth -= 1
                        return out
                    }
                    else -> fail("expected ',' or ']'")
                }
            }
        }

        fun string(): String {
            i += 1
            val out = StringBuilder()
            while (true) {
                if (i >= text.length) fail("unterminated string")
                val c = text[i]
                when {
                    c == '"' -> {
                        i += 1
                        return out.toString()
                    }
                    c == '\\' -> {
                        if (i + 1 >= text.length) fail("unterminated string")
                        val e = text[i + 1]
                        i += 2
                        when (e) {
                            '"' -> out.append('"')
                            '\\' -> out.append('\\')
                            '/' -> out.append('/')
                            'b' -> out.append('\b')
                            'f' -> out.append('\u000C')
                            'n' -> out.append('\n')
                            'r' -> out.append('\r')
                            't' -> out.append('\t')
                            'u' -> {
                                if (i + 4 > text.length) fail("incomplete \\u escape")
                                var code = 0
                                for (k in 0 until 4) {
                                    val digit = Character.digit(text[i + k], 16)
                                    if (digit < 0) fail("invalid \\u escape", i + k)
                                    code = code * 16 + digit
                                }
                                i += 4
                                out.append(code.toChar())
                            }
                            else -> fail("invalid escape '\\$e'", i - 1)
                        }
                    }
                    c < ' ' -> fail("control character in a string")
                    else -> {
                        out.append(c)
                        i += 1
                    }
                }
            }
        }

        fun number(): Double {
            val start = i
            if (text[i] == '-') i += 1
            if (i >= text.length) fail("invalid number", start)
            if (text[i] == '0') {
                i += 1
            } else if (text[i] in '1'..'9') {
                while (i < text.length && text[i] in '0'..'9') i += 1
            } else {
                fail("invalid number", start)
            }
            if (i < text.length && text[i] == '.') {
                i += 1
                val digits = i
                while (i < text.length && text[i] in '0'..'9') i += 1
                if (i == digits) fail("invalid number", start)
            }
            if (i < text.length && (text[i] == 'e' || text[i] == 'E')) {
                i += 1
                if (i < text.length && (text[i] == '+' || text[i] == '-')) i += 1
                val digits = i
                while (i < text.length && text[i] in '0'..'9') i += 1
                if (i == digits) fail("invalid number", start)
            }
            return java.lang.Double.parseDouble(text.substring(start, i))
        }
    }
}
