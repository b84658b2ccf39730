import Foundation

/// The one wording of a `DecodingError` for every JSON input the tool reads back (report.json,
/// analysis partials, batch summaries): `expected …, found …` with the key path where it
/// happened (`summary.currentError`, `files[3].gestures`).
public enum DecodingProblem {
    /// `codingPath` as a dotted path with `[index]` for array elements.
    public static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    /// `error` in words; `document` names what was expected at the top level ("a report.json").
    public static func message(_ error: any Error, document: String = "a JSON object") -> String {
        let notAnObject = "expected \(document), found text that is not one"
        guard let error = error as? DecodingError else { return notAnObject }
        func at(_ codingPath: [any CodingKey]) -> String {
            codingPath.isEmpty ? "the top level" : path(codingPath)
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "expected \(path(context.codingPath + [key])), found none"
        case .valueNotFound(let type, let context):
            return "expected \(kind(type)) at \(at(context.codingPath)), found null"
        case .typeMismatch(let type, let context):
            if context.codingPath.isEmpty { return notAnObject }
            return "expected \(kind(type)) at \(at(context.codingPath)), found another value"
        case .dataCorrupted(let context):
            // The decoder locates no syntax error, nor a number too large for a Double (1e999).
            if context.codingPath.isEmpty {
                return "expected JSON text whose numbers fit a Double, found text that is not"
            }
            // A decoder's own check says what it expected (`expected 1 to 1000 folds, found
            // 1000000000`): said at its key path.
            let said = context.debugDescription
            if said.hasPrefix("expected "), let found = said.range(of: ", found ") {
                return "\(said[..<found.lowerBound]) at \(at(context.codingPath))"
                    + said[found.lowerBound...]
            }
            let expected = "a finite number (whole for a count)"
            return "expected \(expected) at \(at(context.codingPath)), found another"
        @unknown default:
            return notAnObject
        }
    }

    private static func kind(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "text"
        case is Double.Type: "a number"
        case is Int.Type: "a whole number"
        case is Bool.Type: "true or false"
        case is [Any].Type: "an array"
        default: "an object"
        }
    }
}
