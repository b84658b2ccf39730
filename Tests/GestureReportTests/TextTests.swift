import Testing

@testable import GestureReport

@Suite struct TextTests {
    @Test func xmlEscapesMarkupQuotesAndControls() {
        // Hand-written expectations.
        #expect(Text.xml("<script>alert('x')</script>") == "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;")
        #expect(Text.xml("a\"b&c") == "a&quot;b&amp;c")
        #expect(Text.xml("bell\u{07}") == "bell\u{FFFD}")
        #expect(Text.xml("plain ü") == "plain ü")
    }

    @Test func markdownEscapesTablePunctuation() {
        #expect(Text.markdown("|a|*b*_c_") == "\\|a\\|\\*b\\*\\_c\\_")
        #expect(Text.markdown("<b>&") == "&lt;b&gt;&amp;")
        #expect(Text.markdown("two\nlines") == "two lines")
        // Quotes need no escape in Markdown; "&#39;" would print literally once its # is escaped.
        #expect(Text.markdown("the finger's \"speed\"") == "the finger's \"speed\"")
        #expect(Text.markdown("bell\u{07}") == "bell\u{FFFD}")
    }

    @Test(arguments: [
        (0.42, 3, "0.420"), (-1.25, 1, "-1.3"), (1234.5, 0, "1235"), (-0.04, 1, "0.0"), (7, 2, "7.00"),
    ])
    func fixedFormatting(_ x: Double, _ digits: Int, _ expected: String) {
        // Rounding is half away from zero: -1.25 → -1.3 (Double's .rounded()).
        #expect(Text.fixed(x, digits) == expected)
    }

    @Test func nonFiniteNeverReachesSVG() {
        #expect(Text.coord(.nan) == "0.0")
        #expect(Text.coord(.infinity) == "0.0")
        #expect(Text.number(.infinity) == "∞")
        #expect(Text.number(0.42) == "0.42")
        #expect(Text.number(507.0) == "507")
        #expect(Text.percent(0.0573) == "5.7%")
    }

    @Test func errorChangeInPoints() {
        // 7.3% − 9.3% = −2.0 points; 7.3% − 7.0% = +0.3 points; an equal error (or one within
        // 0.05 points) is "no change", never "−0.0 points".
        #expect(Text.pointsChange(0.073 - 0.093) == "−2.0 points")
        #expect(Text.pointsChange(0.073 - 0.070) == "+0.3 points")
        #expect(Text.pointsChange(0) == "no change")
        #expect(Text.pointsChange(-0.0004) == "no change")
        #expect(Text.pointsChange(0.0004) == "no change")
    }

    @Test func niceSteps() {
        // 1, 2, 2.5, 5 × 10^k at least the raw step.
        #expect(Axis.niceStep(0.13) == 0.2)
        #expect(Axis.niceStep(2.2) == 2.5)
        #expect(Axis.niceStep(30) == 50)
        #expect(Axis(low: 0, high: 1, from: 0, to: 100).ticks(count: 5) == [0, 0.2, 0.4, 0.6000000000000001, 0.8, 1.0])
    }
}

@Suite struct NumberFormattingTests {
    @Test(arguments: [
        // Hand-written expectations, 3 significant digits throughout.
        (-0.009892753495489058, "-0.00989"),  // the reviewer's p_th
        (0.009892753495489058, "0.00989"),
        (0.0012345, "0.00123"),
        (0.0001, "0.0001"),
        (0.00999996, "0.01"),  // rounds up to 0.0100
        (0.000099996, "0.0001"),  // rounds up to 1.00e-4
        (0.00001234, "1.23e-5"),
        (-4.56e-7, "-4.56e-7"),
        (Double.leastNonzeroMagnitude, "4.94e-324"),  // the smallest subnormal
        (0.0, "0"),
        (-0.0, "0"),
        (0.42, "0.42"),
        (-1.25, "-1.25"),
        (507.0, "507"),
        (12345.6, "12346"),
        (994_999.0, "994999"),  // 9.95e5 to 3 digits: still below 10⁶, written whole
        (999_999.0, "1e6"),  // 1.00e6 to 3 digits
        (1_500_000.0, "1.5e6"),
        (-2.5e7, "-2.5e7"),
        (1e300, "1e300"),
    ] as [(Double, String)])
    func number(_ x: Double, _ expected: String) {
        #expect(Text.number(x) == expected)
    }

    @Test func neverNegativeZeroNorFullPrecision() {
        for x in [-0.0, -1e-9, -0.004, -1e-300] {
            let s = Text.number(x)
            #expect(s != "-0" && s.count <= 9, "\(x) → \(s)")
        }
        #expect(Text.number(nil) == "n/a")
        #expect(Text.number(-.infinity) == "−∞")
    }
}
