/// One image a card can show: its file and its display title.
public struct CardImage: Hashable, Sendable {
    /// Full path of the image file.
    public var path: String
    /// The title a front end may draw on the card; nil for none.
    public var title: String?
    /// The card's name in its folder when `path` is another file holding its picture (a
    /// recording's card store keeps pictures under their hashes).
    private var name: String?
    public init(path: String, title: String?, name: String? = nil) {
        self.path = path
        self.title = title
        self.name = name
    }

    /// The card's file name in its folder: the name given, or the path after its last "/"
    /// (NSString's lastPathComponent, which also tidies slashes, took a tenth of the start-up
    /// with 10,000 cards).
    public var fileName: String {
        if let name { return name }
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }
}
