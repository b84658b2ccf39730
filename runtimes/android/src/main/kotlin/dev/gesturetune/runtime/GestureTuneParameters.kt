package dev.gesturetune.runtime

import java.io.File
import java.net.URL

/** A rule family: how a release's progress and velocity decide completion. */
enum class RuleFamily(
    /** The name params.json writes. */
    val jsonName: String,
    /** The params.json keys the family requires. */
    val keys: List<String>
) {
    /** `v >= v_th || (|v| < v_th && p >= p_th)`. */
    THRESHOLD("threshold", listOf("progressThreshold", "velocityThreshold")),

    /** `v >= 0 && (v > v_th || p > p_th)`. */
    FORWARD("forward", listOf("progressThreshold", "velocityThreshold")),

    /** `p + tau*v >= p_th`. */
    PROJECTION("projection", listOf("progressThreshold", "tau")),

    /** The last three samples carried forward for `D` seconds, against `min(d_th/E, 0.5)`. */
    KINEMATIC("kinematic", listOf("distanceThreshold", "kinematicDuration")),

    /** `b0 + b1*p + b2*v >= 0`. */
    LOGISTIC("logistic", listOf("intercept", "progressCoefficient", "velocityCoefficient"));

    /** Lookup by params.json name. */
    companion object {
        /** The family params.json calls [name], or null. */
        fun fromJsonName(name: String): RuleFamily? = values().firstOrNull { it.jsonName == name }
    }
}

/** The direction that advances the transition (progress grows as the finger moves that way). */
enum class Direction(
    /** The name params.json writes. */
    val jsonName: String
) {
    /** Towards +x. */
    RIGHT("right"),

    /** Towards -x. */
    LEFT("left"),

    /** Towards +y. */
    DOWN("down"),

    /** Towards -y. */
    UP("up");

    /** True for [RIGHT] and [LEFT]: the transition's axis is x. */
    val horizontal: Boolean get() = this == RIGHT || this == LEFT

    /** +1 for [RIGHT] and [DOWN], -1 for [LEFT] and [UP]. */
    val sense: Double get() = if (this == RIGHT || this == DOWN) 1.0 else -1.0

    /** The component of (x, y) along the direction (pt or pt/s). */
    fun along(x: Double, y: Double): Double = sense * (if (horizontal) x else y)

    /** The component of (x, y) across the axis, signed as the frame's. */
    fun across(x: Double, y: Double): Double = if (horizontal) y else x

    /** Lookup by params.json name. */
    companion object {
        /** The direction params.json calls [name], or null. */
        fun fromJsonName(name: String): Direction? = values().firstOrNull { it.jsonName == name }
    }
}

/** The release-velocity estimator the thresholds were fitted on. */
enum class Estimator(
    /** The name params.json writes. */
    val jsonName: String
) {
    /** Least-squares quadratic over the window, its slope at the newest sample (then lsq1, delta). */
    LSQ2("lsq2"),

    /** Least-squares line over the window (then delta). */
    LSQ1("lsq1"),

    /** The last two samples' difference. */
    DELTA("delta"),

    /** Android's impulse strategy over the window. */
    IMPULSE("impulse"),

    /** The platform's own velocity (VelocityTracker) when given, else [LSQ2]. */
    PLATFORM("platform");

    /** Lookup by params.json name. */
    companion object {
        /** The estimator params.json calls [name], or null. */
        fun fromJsonName(name: String): Estimator? = values().firstOrNull { it.jsonName == name }
    }
}

/**
 * A params.json that cannot be read: not JSON, not an object, a required rule key missing, a
 * value of the wrong type or out of range, or an unknown rule, direction or estimator.
 */
class GestureTuneParametersException(
    /** The key at fault (`"velocityThreshold"`, `"gate.slop"`), or null when the text is not a JSON object. */
    val key: String?,
    message: String,
    cause: Throwable? = null
) : IllegalArgumentException(message, cause)

/**
 * The tuned parameters: the object of a `params.json` file (schema `gesturetune.params/1`), as a
 * value. Optional keys are null when absent; the runtime applies params.json's defaults (see
 * runtimes/SPEC.md). The keys [rule] requires ([RuleFamily.keys]) must be non-null: the
 * constructor throws [GestureTuneParametersException] naming the first missing one.
 */
data class GestureTuneParameters(
    /** The rule family. */
    val rule: RuleFamily,
    /** The direction that advances the transition. */
    val direction: Direction = Direction.RIGHT,
    /** `p_th` (threshold, forward, projection). */
    val progressThreshold: Double? = null,
    /** `v_th`, progress/s (threshold, forward); may be [Double.POSITIVE_INFINITY]. */
    val velocityThreshold: Double? = null,
    /** `tau`, s (projection). */
    val tau: Double? = null,
    /** `d_th`, pt (kinematic). */
    val distanceThreshold: Double? = null,
    /** `D`, s (kinematic). */
    val kinematicDuration: Double? = null,
    /** `b0` (logistic). */
    val intercept: Double? = null,
    /** `b1` (logistic). */
    val progressCoefficient: Double? = null,
    /** `b2` (logistic). */
    val velocityCoefficient: Double? = null,
    /** The extent, pt, used when the app passes no positive finite one (else 390). */
    val extent: Double? = null,
    /** The velocity estimator (null: lsq2). */
    val estimator: Estimator? = null,
    /** The velocity window's horizon, s (null or not positive: 0.1). */
    val horizon: Double? = null,
    /** The velocity window's most samples (null or below 1: 20). */
    val maxSamples: Int? = null,
    /** The longest gap inside the window and before the release, s (null or not positive: 0.04). */
    val maxGap: Double? = null,
    /** Informational: the completion speed the analysis reported. */
    val completionSpeed: Double? = null,
    /** The transition's duration, s (null: 0.35). */
    val transitionDuration: Double? = null,
    /** The longest settle at the finger's speed, s (null: [transitionDuration]). */
    val fingerSpeedCap: Double? = null,
    /** The settle spring (null: critically damped, response [transitionDuration]). */
    val spring: Spring? = null,
    /** The start-of-gesture gate (null: whole extent, 90 degrees, 10 pt slop). */
    val gate: Gate? = null,
    /** Informational: the schema name. */
    val schema: String? = null,
    /** Informational: the preset the parameters came from. */
    val preset: String? = null,
    /** Informational: the expected misread rate. */
    val expectedError: Double? = null
) {
    /** params.json's `spring` object. */
    data class Spring(
        /** `ζ` (null: 1). */
        val dampingRatio: Double? = null,
        /** `R`, s (null: the transition duration). */
        val response: Double? = null
    )

    /** params.json's `gate` object (older files: top-level `edgeWidth`, `directionLockAngle`). */
    data class Gate(
        /** The widest first-sample distance from the leading edge, pt (null: no limit). */
        val edgeWidth: Double? = null,
        /** The largest angle from the axis after the slop, degrees (null: 90). */
        val lockAngle: Double? = null,
        /** How far the finger moves before the angle is measured, pt (null: 10). */
        val slop: Double? = null
    )

    init {
        for (key in rule.keys) {
            if (ruleValue(key) == null) {
                throw GestureTuneParametersException(
                    key, "missing key \"$key\" (required by rule \"${rule.jsonName}\")"
                )
            }
        }
    }

    /**
     * The settle spring launched at relative velocity [initialVelocity], 1/s: damping
     * spring.dampingRatio (absent: [GestureTuneDefaults.dampingRatio]), response spring.response
     * (absent: transitionDuration, else [GestureTuneDefaults.transitionDuration]).
     */
    fun springMotion(initialVelocity: Double): SpringMotion =
        SpringMotion(
            spring?.dampingRatio ?: GestureTuneDefaults.dampingRatio,
            spring?.response ?: transitionDuration ?: GestureTuneDefaults.transitionDuration,
            initialVelocity
        )

    private fun ruleValue(key: String): Double? = when (key) {
        "progressThreshold" -> progressThreshold
        "velocityThreshold" -> velocityThreshold
        "tau" -> tau
        "distanceThreshold" -> distanceThreshold
        "kinematicDuration" -> kinematicDuration
        "intercept" -> intercept
        "progressCoefficient" -> progressCoefficient
        else -> velocityCoefficient
    }

    /** Readers of params.json. */
    companion object {
        /** The strings read as +∞ (velocityThreshold), compared case-insensitively. */
        private val infinityTexts = setOf("inf", "+inf", "infinity", "+infinity")

        /**
         * The parameters of the params.json [text]. Unknown keys, rule keys of another family and null values of
         * optional keys are ignored. Present values must be in range: `spring.dampingRatio`,
         * `spring.response`, `transitionDuration`, `horizon`, `maxGap`, `extent` finite and > 0;
         * `fingerSpeedCap`, `gate.edgeWidth` (older `edgeWidth`), `gate.slop` finite and >= 0; `gate.lockAngle`
         * (older `directionLockAngle`) in 0...180; `maxSamples` a whole number >= 1.
         * @throws GestureTuneParametersException naming the key on a missing required key, a wrong
         * type, a value out of range or an unknown rule, direction or estimator (key null when the
         * text is not a JSON object).
         */
        fun fromJson(text: String): GestureTuneParameters {
            val root = try {
                Json.parse(text)
            } catch (e: Json.SyntaxException) {
                throw GestureTuneParametersException(null, "params: not JSON: ${e.message}", e)
            }
            return fromJsonValue(root)
        }

        /**
         * The parameters of a snippet's block, by name: params.json's keys flat, the spring's as
         * `springDampingRatio`, `springResponse` and the gate's as `edgeWidth`, `lockAngle`,
         * `slop`; null for unset. Read as [fromJson] reads a file.
         * @throws GestureTuneParametersException as [fromJson]
         */
        fun fromBlock(block: Map<String, Any?>): GestureTuneParameters {
            val root = HashMap<String, Any?>()
            val spring = HashMap<String, Any?>()
            val gate = HashMap<String, Any?>()
            for ((name, raw) in block) {
                val value: Any = (if (raw is Int) raw.toDouble() else raw) ?: continue
                when (name) {
                    "springDampingRatio" -> spring["dampingRatio"] = value
                    "springResponse" -> spring["response"] = value
                    "edgeWidth", "lockAngle", "slop" -> gate[name] = value
                    else -> root[name] = value
                }
            }
            if (spring.isNotEmpty()) root["spring"] = spring
            if (gate.isNotEmpty()) root["gate"] = gate
            return fromJsonValue(root)
        }

        /** [fromJson] of a file, UTF-8. */
        fun load(file: File): GestureTuneParameters = fromJson(file.readText(Charsets.UTF_8))

        /** [fromJson] of what [url] holds, UTF-8 (a `file:`, `jar:` or asset URL). */
        fun load(url: URL): GestureTuneParameters = fromJson(url.readText(Charsets.UTF_8))

        /** The parameters of an already parsed params.json object (a map from [Json.parse]). */
        internal fun fromJsonValue(root: Any?): GestureTuneParameters {
            if (root !is Map<*, *>) {
                throw GestureTuneParametersException(null, "params: expected a JSON object, found ${describe(root)}")
            }
            fun fail(key: String, expected: String, found: Any?): Nothing =
                throw GestureTuneParametersException(
                    key, "params: key \"$key\": expected $expected, found ${describe(found)}"
                )

            fun obj(key: String): Map<*, *>? {
                val v = root[key] ?: return null
                return v as? Map<*, *> ?: fail(key, "an object", v)
            }

            fun number(from: Map<*, *>, name: String, key: String, infinityAllowed: Boolean = false): Double? {
                val v = from[name] ?: return null
                if (v is Double) return v
                if (infinityAllowed && v is String && infinityTexts.any { it.equals(v, ignoreCase = true) }) return Double.POSITIVE_INFINITY
                fail(key, if (infinityAllowed) "a number or \"inf\"" else "a number", v)
            }

            fun text(key: String): String? {
                val v = root[key] ?: return null
                return v as? String ?: fail(key, "a string", v)
            }

            val ruleName = root["rule"]
                ?: throw GestureTuneParametersException("rule", "params: missing key \"rule\"")
            val families = RuleFamily.values().joinToString(", ") { it.jsonName }
            val rule = (ruleName as? String)?.let { RuleFamily.fromJsonName(it) }
                ?: fail("rule", "one of $families", ruleName)
            for (key in rule.keys) {
                if (root[key] == null) {
                    throw GestureTuneParametersException(
                        key, "params: missing key \"$key\" (required by rule \"${rule.jsonName}\")"
                    )
                }
            }
            /** A rule key: read only when the family uses it (another family's key is ignored, as unknown keys are). */
            fun ruleNumber(key: String, infinityAllowed: Boolean = false): Double? =
                if (key in rule.keys) number(root, key, key, infinityAllowed) else null

            val direction = root["direction"]?.let { v ->
                (v as? String)?.let { Direction.fromJsonName(it) } ?: fail("direction", "right, left, down or up", v)
            } ?: Direction.RIGHT
            val estimator = root["estimator"]?.let { v ->
                (v as? String)?.let { Estimator.fromJsonName(it) }
                    ?: fail("estimator", Estimator.values().joinToString(", ") { it.jsonName }, v)
            }
            /** A number that, when present, must be finite and > 0 (a duration, a ratio, a size). */
            fun positive(from: Map<*, *>, name: String, key: String): Double? =
                number(from, name, key)?.also { if (!(it.isFinite() && it > 0)) fail(key, "a finite number > 0", it) }

            /** A number that, when present, must be finite and >= 0 (as the Swift reader's bounds). */
            fun nonNegative(from: Map<*, *>, name: String, key: String): Double? =
                number(from, name, key)?.also { if (!(it.isFinite() && it >= 0)) fail(key, "a finite number >= 0", it) }

            /** An angle, degrees, that when present must lie in 0...180. */
            fun angle(from: Map<*, *>, name: String, key: String): Double? =
                number(from, name, key)?.also { if (!(it >= 0 && it <= 180)) fail(key, "an angle in 0...180 degrees", it) }

            val maxSamples = number(root, "maxSamples", "maxSamples")?.let { n ->
                if (!(n >= 1) || n != Math.floor(n) || n > Int.MAX_VALUE) fail("maxSamples", "a whole number >= 1", n)
                n.toInt()
            }
            val springObject = obj("spring")
            val spring = springObject?.let {
                Spring(
                    positive(it, "dampingRatio", "spring.dampingRatio"),
                    positive(it, "response", "spring.response")
                )
            }
            val gateObject = obj("gate")
            val topEdge = nonNegative(root, "edgeWidth", "edgeWidth")
            val topAngle = angle(root, "directionLockAngle", "directionLockAngle")
            val edgeWidth = gateObject?.let { nonNegative(it, "edgeWidth", "gate.edgeWidth") } ?: topEdge
            val lockAngle = gateObject?.let { angle(it, "lockAngle", "gate.lockAngle") } ?: topAngle
            val slop = gateObject?.let { nonNegative(it, "slop", "gate.slop") }
            val gate = if (gateObject != null || edgeWidth != null || lockAngle != null) {
                Gate(edgeWidth, lockAngle, slop)
            } else {
                null
            }
            return GestureTuneParameters(
                rule = rule,
                direction = direction,
                progressThreshold = ruleNumber("progressThreshold"),
                velocityThreshold = ruleNumber("velocityThreshold", infinityAllowed = true),
                tau = ruleNumber("tau"),
                distanceThreshold = ruleNumber("distanceThreshold"),
                kinematicDuration = ruleNumber("kinematicDuration"),
                intercept = ruleNumber("intercept"),
                progressCoefficient = ruleNumber("progressCoefficient"),
                velocityCoefficient = ruleNumber("velocityCoefficient"),
                extent = positive(root, "extent", "extent"),
                estimator = estimator,
                horizon = positive(root, "horizon", "horizon"),
                maxSamples = maxSamples,
                maxGap = positive(root, "maxGap", "maxGap"),
                completionSpeed = number(root, "completionSpeed", "completionSpeed"),
                transitionDuration = positive(root, "transitionDuration", "transitionDuration"),
                fingerSpeedCap = nonNegative(root, "fingerSpeedCap", "fingerSpeedCap"),
                spring = spring,
                gate = gate,
                schema = text("schema"),
                preset = text("preset"),
                expectedError = number(root, "expectedError", "expectedError")
            )
        }

        private fun describe(v: Any?): String = when (v) {
            null -> "null"
            is String -> "the string \"$v\""
            is Double -> "the number ${if (v == Math.rint(v) && Math.abs(v) < 1e15) v.toLong().toString() else v.toString()}"
            is Boolean -> "$v"
            is Map<*, *> -> "an object"
            is List<*> -> "an array"
            else -> v.toString()
        }
    }
}
