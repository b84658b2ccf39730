import Foundation
import GesturePhysics
import GestureTuning
import Testing

/// A parameter file is the whole setting: estimator and window are read and
/// written, values are bounds-checked like the options, and a duplicate key is an error at
/// its line.
@Suite struct ParameterFileSettingTests {
    func decode(_ text: String) throws(ParameterError) -> ParameterSet {
        try ParameterSet.decode(Data(text.utf8), path: "p.json")
    }

    @Test func settingRoundTripsAndAppliesUnlessAnOptionWasGiven() throws {
        var set = ParameterSet(rule: .projection(progress: 0.43, tau: 0.44))
        set.record(
            PhysicsOptions(
                direction: .up, extent: 640, estimator: .impulse,
                window: VelocityWindow(horizon: 0.08, maxSamples: 12, maxGap: 0.03)))
        let back = try decode(try set.encoded())
        #expect(back == set)
        #expect(back.direction == .up && back.extent == 640 && back.estimator == .impulse)
        #expect(back.horizon == 0.08 && back.maxSamples == 12 && back.maxGap == 0.03)

        var physics = PhysicsOptions()
        #expect(back.apply(to: &physics, keep: []).isEmpty)
        #expect(
            physics
                == PhysicsOptions(
                    direction: .up, extent: 640, estimator: .impulse,
                    window: VelocityWindow(horizon: 0.08, maxSamples: 12, maxGap: 0.03)))

        var given = PhysicsOptions(direction: .left)
        let overrides = back.apply(to: &given, keep: [.direction])
        #expect(given.direction == .left && given.estimator == .impulse)
        #expect(
            overrides.map(\.sentence) == [
                "--direction left overrides the parameter file's direction up"
            ])
    }

    @Test func oldFilesWithoutTheSettingStillRead() throws {
        let set = try decode(
            #"{"schema": "gesturetune.params/1", "rule": "threshold", "progressThreshold": 0.5, "velocityThreshold": "inf"}"#
        )
        #expect(set.rule == .threshold(progress: 0.5, velocity: .infinity))
        #expect(
            set.estimator == nil && set.horizon == nil && set.maxSamples == nil && set.maxGap == nil
        )
        var physics = PhysicsOptions()
        _ = set.apply(to: &physics, keep: [])
        #expect(physics == PhysicsOptions())
        // No direction key: the file fixes none, so --direction overrides nothing.
        var left = PhysicsOptions(direction: .left)
        #expect(set.apply(to: &left, keep: [.direction]).isEmpty && left.direction == .left)
    }

    @Test(
        "Out-of-bounds values are errors naming the key and its line",
        arguments: [
            ("\"extent\": 0", "extent", "a number greater than 0", "0"),
            ("\"extent\": -390", "extent", "a number greater than 0", "-390"),
            ("\"maxSamples\": 2.5", "maxSamples", "a whole number of 1 or more", "2.5"),
            ("\"horizon\": -0.1", "horizon", "a number greater than 0", "-0.1"),
            (
                "\"estimator\": \"lsq3\"", "estimator", "lsq2, lsq1, impulse, delta, platform",
                "\"lsq3\""
            ),
        ])
    func outOfBounds(line: String, key: String, expected: String, found: String) {
        let text =
            "{\n  \"schema\": \"gesturetune.params/1\",\n  \"rule\": \"threshold\",\n  \"progressThreshold\": 0.5,\n  \"velocityThreshold\": 1,\n  \(line)\n}\n"
        #expect(
            throws: ParameterError.located(
                line: 6, .badValue(path: "p.json", key: key, expected: expected, found: found))
        ) {
            try decode(text)
        }
    }

    @Test func negativeRuleThresholdsAreErrors() {
        #expect(
            throws: ParameterError.located(
                line: 1,
                .badValue(
                    path: "p.json", key: "velocityThreshold",
                    expected: "a number of 0 or more or \"inf\"", found: "-1"))
        ) {
            try decode(
                #"{"schema": "gesturetune.params/1", "rule": "forward", "progressThreshold": 0.5, "velocityThreshold": -1}"#
            )
        }
        #expect(throws: ParameterError.self) {
            try decode(
                #"{"schema": "gesturetune.params/1", "rule": "projection", "progressThreshold": -0.1, "tau": 0.3}"#
            )
        }
    }

    @Test func duplicateKeysAreErrorsAtTheSecondOccurrence() {
        let text =
            "{\n  \"schema\": \"gesturetune.params/1\",\n  \"rule\": \"threshold\",\n  \"progressThreshold\": 0.5,\n  \"velocityThreshold\": 1,\n  \"progressThreshold\": 0.6\n}\n"
        #expect(
            throws: ParameterError.located(
                line: 6, .duplicateKey(path: "p.json", key: "progressThreshold"))
        ) { try decode(text) }
        let spring =
            "{\"schema\": \"gesturetune.params/1\", \"rule\": \"threshold\", \"progressThreshold\": 0.5, \"velocityThreshold\": 1,\n\"spring\": {\"dampingRatio\": 1, \"response\": 0.3,\n \"response\": 0.4}}"
        #expect(
            throws: ParameterError.located(
                line: 3, .duplicateKey(path: "p.json", key: "spring.response"))
        ) { try decode(spring) }
        // The same key in different objects is not a duplicate.
        #expect(throws: Never.self) {
            try decode(
                #"{"schema": "gesturetune.params/1", "rule": "threshold", "progressThreshold": 0.5, "velocityThreshold": 1, "spring": {"dampingRatio": 1, "response": 0.3}}"#
            )
        }
    }

    /// The rule keys and "inf" come from the one table in GesturePhysics.
    @Test func ruleKeysAreTheTable() throws {
        let rule = Rule.logistic(b0: -4, b1: 8, b2: 2)
        let text = try ParameterSet(rule: rule).encoded()
        for key in ["intercept", "progressCoefficient", "velocityCoefficient"] {
            #expect(text.contains("\"\(key)\": "))
        }
        #expect(
            RuleFamily.kinematic.parameterSpecs.map(\.key) == [
                "distanceThreshold", "kinematicDuration",
            ])
        #expect(
            try ParameterSet(rule: .threshold(progress: 0.3, velocity: .infinity)).encoded()
                .contains("\"velocityThreshold\": \"inf\""))
    }
}
