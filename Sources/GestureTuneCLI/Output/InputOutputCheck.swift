import GestureReport

/// The rule every command's outputs follow: an output never replaces a file the run reads.
///
/// Inputs are the files actually read (after `batch` walks its folders), compared with each
/// output by device and inode after following symbolic links (`FileIdentity`), so `./a.csv`,
/// a link to it and a hard link are all the same file. A clash is a usage error (64) naming
/// both, raised before anything is written.
enum InputOutputCheck {
    /// Refuses the first output (`option`, path) that is one of `inputs`. `-` is neither.
    static func refuse(
        outputs: [(option: String, path: String)], inputs: [String], command: String
    ) throws(UsageError) {
        var named: [FileIdentity: (option: String, path: String)] = [:]
        for output in outputs where output.path != "-" {
            if let id = FileIdentity(output.path), named[id] == nil { named[id] = output }
        }
        guard !named.isEmpty else { return }
        for input in inputs where input != "-" {
            guard let id = FileIdentity(input), let output = named[id] else { continue }
            throw UsageError(
                "'--\(output.option) \(output.path)' names the input \(input): "
                    + "the output would replace it",
                command: command)
        }
    }
}
