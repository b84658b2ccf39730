import Foundation
import Testing

@testable import GestureTrace

/// `--by COLUMN[+COLUMN]`: the group is a gesture attribute read from its first row.
@Suite struct GroupColumnTests {
    static func options(_ columns: [String], mapping: [String: [String]] = [:]) -> ReaderOptions {
        var o = ReaderOptions(mapping: mapping)
        o.groupColumns = columns
        return o
    }

    @Test func groupIsTheFirstRowsValueTrimmed() throws {
        // `b` changes device mid-gesture: its first row's value is its group.
        let text =
            "gesture,t,x,y,phase,device,hand\na,0,0,0,began, tablet ,left\na,1,5,0,ended,tablet,left\nb,0,0,0,began,phone,right\nb,1,5,0,ended,tablet,right\n"
        let f = try TraceFixture(text)
        #expect(try f.read().gestures.map(\.group) == [nil, nil])
        #expect(try f.read(Self.options(["device"])).gestures.map(\.group) == ["tablet", "phone"])
        #expect(
            try f.read(Self.options(["Device", "hand"])).gestures.map(\.group) == [
                "tablet+left", "phone+right",
            ])
    }

    @Test func groupByTheGestureColumnAndTinyFeeds() throws {
        // A column that is also part of the id, and an empty value (group "").
        let text =
            "user,doc,t,x,y,phase\nu1,d1,0,0,0,began\nu1,d1,1,5,0,ended\n,d2,0,0,0,began\n,d2,1,5,0,ended\n"
        let f = try TraceFixture(text)
        let options = Self.options(["user"], mapping: ["gesture": ["doc"]])
        #expect(try f.read(options, feedSize: 3).gestures.map(\.group) == ["u1", ""])
    }

    @Test func unknownGroupColumnIsAFileError() throws {
        let f = try TraceFixture("device,t,x,y,phase\n1,0,0,0,began\n")
        let error = f.error(Self.options(["devcie"]))
        #expect(error?.message.contains("--by devcie: no column \"devcie\"") == true)
        #expect(error?.message.contains("did you mean \"device\"?") == true)
    }
}
