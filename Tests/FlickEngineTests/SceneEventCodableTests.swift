import Foundation
import Testing
@testable import FlickEngine

/// The wire form of `SceneEvent`: one flat JSON object per event, decoding back exactly.
@Suite struct SceneEventCodableTests {
    /// At least one event of every case, with awkward numbers (negative, tiny, large, optional nil).
    static let samples: [SceneEvent] = [
        .gestureBegan(time: 0.000001, kind: .scroll, card: nil),
        .gestureBegan(time: 12.5, kind: .card, card: CardID(7)),
        .gestureBegan(time: 13, kind: .bringBack, card: CardID(0)),
        .gestureEnded(time: 1.234567, kind: .card, translation: Vector(dx: -180.25, dy: 4),
                      velocity: Vector(dx: -950.5, dy: 1e-7), outcome: .thrown),
        .gestureEnded(time: 2, kind: .tap, translation: .zero, velocity: .zero, outcome: .selected),
        .gestureEnded(time: 86_400.5, kind: .bringBack, translation: Vector(dx: 120, dy: -3),
                      velocity: Vector(dx: 8000, dy: -8000), outcome: .broughtBack),
        .paged(time: 3.25, from: 0, to: 1),
        .paged(time: 3.5, from: 19, to: 0),
        .deleted(time: 1.25, card: CardID(5), index: 3),
        .restored(time: 4.000001, card: CardID(999_999), index: 0),
        .snappedBack(time: 5.5, card: CardID(2)),
        .selected(time: 6.75, card: CardID(11)),
        .inserted(time: 7.125, card: CardID(20), index: 4),
        .reset(time: 8),
        .interactionChanged(time: 9.5, from: .now, to: .carousel),
    ]

    static func encoder() -> JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        return e
    }

    @Test func everyCaseIsSampled() {
        #expect(Set(Self.samples.map(\.name)) == Set(SceneEvent.names))
        #expect(SceneEvent.names.count == Set(SceneEvent.names).count)
    }

    @Test(arguments: samples) func roundTripIsExact(_ event: SceneEvent) throws {
        let data = try Self.encoder().encode(event)
        let back = try JSONDecoder().decode(SceneEvent.self, from: data)
        #expect(back == event, "\(String(decoding: data, as: UTF8.self))")
        // Flat: one object, no nested objects.
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["event"] as? String == event.name)
        #expect(!object.values.contains { $0 is [String: Any] })
    }

    @Test func deletedIsTheDocumentedLine() throws {
        let line = String(decoding: try Self.encoder().encode(SceneEvent.deleted(time: 1.25, card: CardID(5), index: 3)),
                          as: UTF8.self)
        #expect(line == #"{"card":5,"event":"deleted","index":3,"t":1.25}"#)
        let ended = String(decoding: try Self.encoder().encode(Self.samples[3]), as: UTF8.self)
        #expect(ended == #"{"event":"gesture_ended","kind":"card","outcome":"thrown","t":1.234567,"translation":[-180.25,4],"velocity":[-950.5,1e-07]}"#)
    }

    /// Times are written to the microsecond: any time comes back within half a microsecond,
    /// and a time already on the microsecond grid comes back bit for bit.
    @Test func timesRoundTripToTheMicrosecond() throws {
        var random = SplitMix(seed: 8)
        for _ in 0..<2000 {
            let t = Double.random(in: 0..<100_000, using: &random)
            let event = SceneEvent.selected(time: t, card: CardID(1))
            let back = try JSONDecoder().decode(SceneEvent.self, from: try Self.encoder().encode(event))
            #expect(abs(back.time - t) <= 0.5e-6 + 1e-9)
            #expect(back.time == SceneEvent.microseconds(t))
            let again = try JSONDecoder().decode(SceneEvent.self, from: try Self.encoder().encode(back))
            #expect(again == back)
        }
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteNumbersAreNeverWritten(_ bad: Double) {
        let events: [SceneEvent] = [
            .deleted(time: bad, card: CardID(1), index: 0),
            .gestureEnded(time: 1, kind: .scroll, translation: Vector(dx: bad, dy: 0), velocity: .zero, outcome: .stayed),
            .gestureEnded(time: 1, kind: .scroll, translation: .zero, velocity: Vector(dx: 0, dy: bad), outcome: .stayed),
        ]
        for e in events {
            #expect(throws: EncodingError.self) { try Self.encoder().encode(e) }
        }
    }

    @Test func badLinesAreRefused() {
        let lines = [
            #"{"event":"exploded","t":1}"#,                                  // unknown event
            #"{"event":"deleted","t":1,"card":5}"#,                          // missing index
            #"{"event":"gesture_ended","t":1,"kind":"card","translation":[1],"velocity":[0,0],"outcome":"thrown"}"#,
            #"{"event":"paged","from":0,"to":1}"#,                           // no time
            #"{"event":"selected","t":1,"card":{"value":1}}"#,               // card not an integer
        ]
        for line in lines {
            #expect(throws: DecodingError.self, "\(line)") {
                try JSONDecoder().decode(SceneEvent.self, from: Data(line.utf8))
            }
        }
    }

    @Test func descriptionsAreOneReadableLine() {
        #expect(SceneEvent.deleted(time: 1.25, card: CardID(5), index: 3).description
                == "deleted t=1.250000 card=#5 index=3")
        #expect(SceneEvent.gestureBegan(time: 0.5, kind: .bringBack, card: nil).description
                == "gesture_began t=0.500000 kind=bring_back")
        #expect(GestureOutcome.snappedBack.description == "snapped_back")
        #expect(Interaction.carousel.description == "carousel")
        for e in Self.samples { #expect(!e.description.contains("\n")) }
    }

    @Test func cardAttributesRoundTrip() throws {
        let a = CardAttributes(card: CardID(3), index: 2, slot: 1, size: Size(width: 300, height: 400),
                               transform: AffineTransform(translationX: 10, y: -4.5), alpha: 0.8, zIndex: 2)
        let data = try Self.encoder().encode(a)
        #expect(try JSONDecoder().decode(CardAttributes.self, from: data) == a)
        #expect(String(decoding: data, as: UTF8.self).contains(#""card":3"#))
        var bad = a
        bad.alpha = .nan
        #expect(throws: EncodingError.self) { try Self.encoder().encode(bad) }
    }
}
