/// "Did you mean" for mistyped options and commands.
enum Suggestion {
    /// Optimal string alignment distance: Levenshtein (insert, delete, substitute) plus the
    /// transposition of two adjacent characters, each costing 1. `jbos` → `jobs` is 1.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }

    /// The candidate nearest to `word`, if near enough to be a plausible typo: distance at most
    /// max(2, a third of the candidate's length), or `word` is a prefix of it (3+ characters
    /// after dashes). Ties go to the earlier candidate.
    static func nearest(to word: String, in candidates: [String]) -> String? {
        var best: (String, Int)?
        let bare = word.drop { $0 == "-" }
        for candidate in candidates {
            let d = distance(word.lowercased(), candidate.lowercased())
            let limit = max(2, candidate.count / 3)
            let prefix = bare.count >= 3 && candidate.drop { $0 == "-" }.hasPrefix(bare)
            guard d <= limit || prefix, d < max(candidate.count, 1) || prefix else { continue }
            let score = prefix ? min(d, 1) : d
            if best == nil || score < best!.1 { best = (candidate, score) }
        }
        return best?.0
    }
}
