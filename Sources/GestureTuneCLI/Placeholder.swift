/// The command-line entry: runs the command and returns its exit status.
public enum GestureTuneCommand {
    public static func main(_ arguments: [String]) -> Int32 { 0 }
}
