import GestureIO
import GestureReport

/// The rule every command's outputs follow: an output never replaces a file the run reads.
///
/// Inputs are the files actually read (every command checks again after walking its folders),
/// compared with each output by device and inode after following symbolic links
/// (`FileIdentity`), so `./a.csv`, a link to it and a hard link are all the same file; an input
/// `-` is what standard input is (`< f`). A clash is a usage error (64) naming both, raised
/// before anything is written.
enum InputOutputCheck {
    /// What standard input is, when it is a file (not a terminal or a pipe's other end that no
    /// path names): its device and inode.
    static var standardInput: FileIdentity? { FileIdentity(descriptor: 0) }

    /// Refuses the first output (`option`, path) that is one of `inputs` (`-`: standard input).
    /// An output `-` is standard output, never a file replaced.
    static func refuse(
        outputs: [(option: String, path: String)], inputs: [String], command: String
    ) throws(UsageError) {
        var named: [FileIdentity: (option: String, path: String)] = [:]
        for output in outputs where output.path != "-" {
            if let id = FileIdentity(output.path), named[id] == nil { named[id] = output }
        }
        guard !named.isEmpty else { return }
        for input in inputs {
            guard let id = input == "-" ? standardInput : FileIdentity(input),
                let output = named[id]
            else { continue }
            let name = input == "-" ? "standard input" : input
            throw UsageError(
                "'--\(output.option) \(output.path)' names the input \(name): "
                    + "the output would replace it",
                command: command)
        }
    }
}
