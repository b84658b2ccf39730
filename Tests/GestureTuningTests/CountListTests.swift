import Testing

@testable import GestureTuning

/// Statistics' long count lists as one string of comma-separated decimals.
@Suite struct CountListTests {
    @Test func writesAndReadsDecimalsSeparatedByCommas() {
        #expect(CountList.text([0, 3, 12, 1_099_511_627_776]) == "0,3,12,1099511627776")
        #expect(CountList.text([]) == "")
        #expect(CountList.parse("0,3,12", limit: 100) == [0, 3, 12])
        #expect(CountList.parse("", limit: 100) == [])
        #expect(CountList.parse("100", limit: 100) == [100])
    }

    @Test func refusesAnythingButCountsWithinTheLimit() {
        for bad in ["101", "-1", "1,,2", "1,", ",1", "1 ,2", "1.5", "x", "99999999999999999999999"]
        {
            #expect(CountList.parse(bad, limit: 100) == nil, "\(bad)")
        }
    }
}
