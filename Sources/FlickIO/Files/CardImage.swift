/// One image a card can show: its file and its display title.
public struct CardImage: Hashable, Sendable {
    /// Full path of the image file.
    public var path: String
    /// The title a front end may draw on the card; nil for none.
    public var title: String?
    public init(path: String, title: String?) {
        self.path = path
        self.title = title
    }

    /// The file's name: the path after its last "/" (NSString's lastPathComponent, which also
    /// tidies slashes, took a tenth of the start-up with 10,000 cards).
    public var fileName: String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }
}
