import FlickIO
import FlickEngineTesting
import Foundation
import Testing
@testable import FlickSDL

/// Which files of a folder are cards, and their order: the order a file browser shows.
struct CardFolderTests {
    @Test func numbersCompareAsNumbers() {
        let names = ["shot-10.png", "shot-2.png", "shot-1.png", "shot-100.png", "shot-02.png", "Shot-3.png"]
        #expect(CardFolder.naturallySorted(names) ==
                ["shot-1.png", "shot-02.png", "shot-2.png", "Shot-3.png", "shot-10.png", "shot-100.png"])
    }

    @Test func lettersIgnoreCaseAndTiesAreStable() {
        #expect(CardFolder.naturallySorted(["b.png", "A.png", "a.png", "B.png", "ab.png"]) ==
                ["A.png", "a.png", "ab.png", "B.png", "b.png"])
        // Prefixes first; numbers longer than any integer type still order.
        #expect(CardFolder.naturallySorted(["a1b.png", "a1.png", "a99999999999999999999999.png", "a100000000000000000000000.png"]) ==
                ["a1.png", "a1b.png", "a99999999999999999999999.png", "a100000000000000000000000.png"])
    }

    @Test func onlyVisibleImages() {
        let names = [".hidden.png", "notes.txt", "photo.JPG", "scan.jpeg", "icon.png", "png", "archive.png.zip", "x."]
        #expect(CardFolder.imageNames(names) == ["icon.png", "photo.JPG", "scan.jpeg"])
    }

    /// A total order: for random names, sorting agrees with the pairwise comparison, which is
    /// antisymmetric and transitive (what a sort needs to give the same order everywhere).
    @Test func totalOrderOnRandomNames() {
        var rng = SeededRandom(seed: 11)
        let alphabet = Array("aAbB0129-_. é")
        let names = (0..<300).map { _ in String((0..<Int.random(in: 1...8, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }) }
        let sorted = CardFolder.naturallySorted(names)
        for (x, y) in zip(sorted, sorted.dropFirst()) { #expect(!CardFolder.naturallyPrecedes(y, x), "\(y) before \(x)") }
        for a in names.prefix(40) {
            for b in names.prefix(40) {
                #expect(!(CardFolder.naturallyPrecedes(a, b) && CardFolder.naturallyPrecedes(b, a)))
                for c in names.prefix(15) where CardFolder.naturallyPrecedes(a, b) && CardFolder.naturallyPrecedes(b, c) {
                    #expect(CardFolder.naturallyPrecedes(a, c), "\(a) < \(b) < \(c)")
                }
            }
        }
    }
}
