import FlickIO
import CSDL2
@testable import FlickSDL
import Testing

/// A signal wakes a waiting window with SDL_QUIT only while SDL is up: once `SDLContext` begins
/// to shut SDL down, a late wake is refused instead of writing into a queue SDL_Quit is freeing.
@MainActor
@Suite(.serialized)
struct InterruptTests {
    init() { _ = SDLTestEnvironment.context }

    @Test func quitIsPushedOnlyWhileSDLEventsAreOpen() {
        SDL_FlushEvent(SDL_QUIT.rawValue)
        #expect(Interrupt.wake())
        #expect(SDL_HasEvent(SDL_QUIT.rawValue) == SDL_TRUE)
        SDL_FlushEvent(SDL_QUIT.rawValue)

        SDLContext.removeWaker()
        defer { SDLContext.installWaker() }
        #expect(!Interrupt.wake())
        #expect(SDL_HasEvent(SDL_QUIT.rawValue) == SDL_FALSE)
    }
}
