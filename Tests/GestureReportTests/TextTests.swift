import GestureIO
import GesturePhysics
import Testing

@testable import GestureReport

@Suite struct TextTests {
    @Test func xmlEscapesMarkupQuotesAndControls() {
        // Hand-written expectations.
        #expect(
            Text.xml("<script>alert('x')</script>")
                == "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;")
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
        (0.42, 3, "0.420"), (-1.25, 1, "-1.3"), (1234.5, 0, "1235"), (-0.04, 1, "0.0"),
        (7, 2, "7.00"),
    ])
    func fixedFormatting(_ x: Double, _ digits: Int, _ expected: String) {
        // Rounding is half away from zero: -1.25 → -1.3 (Double's .rounded()).
        #expect(Text.fixed(x, digits) == expected)
    }

    @Test func nonFiniteNeverReachesSVG() {
        #expect(Text.coord(.nan) == "0.0")
        #expect(Text.coord(.infinity) == "0.0")
    }

    @Test func niceSteps() {
        // 1, 2, 2.5, 5 × 10^k at least the raw step.
        #expect(Axis.niceStep(0.13) == 0.2)
        #expect(Axis.niceStep(2.2) == 2.5)
        #expect(Axis.niceStep(30) == 50)
        #expect(
            Axis(low: 0, high: 1, from: 0, to: 100).ticks(count: 5) == [
                0, 0.2, 0.4, 0.6000000000000001, 0.8, 1.0,
            ])
    }
}

/// `NumberText`: one way for every number shown to people. Every expectation is written by
/// hand from the rules in `NumberText`'s documentation.
@Suite struct NumberFormattingTests {
    @Test(
        arguments: [
            // Two decimals, trailing zeros dropped.
            (0.42, "0.42"), (0.5, "0.5"), (1.0, "1"), (19.5, "19.5"), (375.0, "375"),
            (-1.25, "-1.25"),
            (-12.4, "-12.4"), (812.349, "812.35"), (1.0899, "1.09"),
            // Rounding is half away from zero on the scaled value: 0.425 (0.42499999999999998…) × 100
            // is the double 42.5, so 0.43, as in the page's script (the same IEEE product).
            (0.425, "0.43"),
            // Not zero but zero at two decimals: two significant digits.
            (0.004, "0.004"), (0.0042, "0.0042"), (-0.00031, "-0.00031"), (0.0049, "0.0049"),
            (0.004999999, "0.005"), (0.0000025, "0.0000025"),
            (0.00500001, "0.01"),
            // Below 10⁻⁶ and from 10⁶ on: three significant digits, scientific.
            (4.56e-7, "4.56e-7"), (-4.56e-7, "-4.56e-7"),
            (Double.leastNonzeroMagnitude, "4.94e-324"),
            (999_999.99, "999999.99"), (999_999.996, "1e6"), (1_500_000.0, "1.5e6"),
            (-2.5e7, "-2.5e7"), (1e300, "1e300"),
            // Zero of either sign; not-a-number; infinities.
            (0.0, "0"), (-0.0, "0"), (Double.nan, "n/a"), (Double.infinity, "∞"),
            (-Double.infinity, "−∞"),
        ] as [(Double, String)])
    func parameter(_ x: Double, _ expected: String) {
        #expect(NumberText.parameter(x) == expected)
    }

    @Test func percentagesHaveOneDecimal() {
        #expect(NumberText.percent(0.093) == "9.3%")
        #expect(NumberText.percent(0.0573) == "5.7%")
        #expect(NumberText.percent(0.1) == "10.0%")
        #expect(NumberText.percent(1) == "100.0%")
        #expect(NumberText.percent(0) == "0.0%")
        #expect(NumberText.percent(-0.0001) == "0.0%")
        #expect(NumberText.percent(nil) == "n/a")
        #expect(NumberText.percent(.nan) == "n/a")
    }

    @Test func timesSpeedsAndPoints() {
        #expect(NumberText.seconds(0.44) == "0.44 s")
        #expect(NumberText.seconds(0.3) == "0.3 s")
        #expect(NumberText.seconds(0.354) == "0.35 s")
        #expect(NumberText.seconds(nil) == "n/a")
        #expect(NumberText.speed(527.4) == "527")
        #expect(NumberText.speed(527.5) == "528")  // half away from zero
        #expect(NumberText.speed(-3.5) == "-4")
        #expect(NumberText.speed(-0.4) == "0")  // never -0
        #expect(NumberText.speed(999_999.4) == "999999")
        #expect(NumberText.speed(1_234_567) == "1.23e6")
        #expect(NumberText.points(14.83) == "14.8")
        #expect(NumberText.points(-2.25) == "-2.3")
    }

    @Test func errorChangeInPoints() {
        // 7.3% − 9.3% = −2.0 points; 7.3% − 7.0% = +0.3 points; an equal error (or one within
        // 0.05 points) is "no change", never "−0.0 points".
        #expect(NumberText.pointsChange(0.073 - 0.093) == "−2.0 points")
        #expect(NumberText.pointsChange(0.073 - 0.070) == "+0.3 points")
        #expect(NumberText.pointsChange(0) == "no change")
        #expect(NumberText.pointsChange(-0.0004) == "no change")
        #expect(NumberText.pointsChange(0.0004) == "no change")
    }

    @Test func ruleDescriptionsConvertVelocityWhole() {
        // v_th 2.1662666 progress/s at a 375 pt extent is 812.349975 pt/s: two decimals in the
        // rule's own unit (2.17), the pt/s conversion whole (812), mm/s at 0.1 mm/pt whole (81).
        let rule = Rule.threshold(progress: 0.45, velocity: 2.1662666)
        #expect(
            rule.reportDescription(extent: 375)
                == "threshold p_th 0.45, v_th 2.17 progress/s (812 pt/s)")
        #expect(
            rule.reportDescription(extent: 375, millimetresPerPoint: 0.1)
                == "threshold p_th 0.45, v_th 2.17 progress/s (812 pt/s, 81 mm/s)")
        #expect(
            Rule.projection(progress: 0.4312, tau: 0.4449).reportDescription(extent: 375)
                == "projection p_th 0.43, tau 0.44 s")
        #expect(
            Rule.threshold(progress: 0.5, velocity: .infinity).reportDescription(extent: 375)
                == "threshold p_th 0.5, v_th ∞ (velocity ignored)")
    }

    /// JSON inside the page's `<script>`: no `</script>`, and no line or paragraph separator,
    /// which ends a line in JavaScript before ES2019 (`\u2028` is the same JSON string).
    @Test func scriptJSONEscapesTagsAndSeparators() {
        #expect(
            Text.scriptJSON("[\"a\u{2028}b\u{2029}</script>\"]")
                == #"["a\u2028b\u2029\u003c/script>"]"#)
    }
}
