import FlickEngine
import FlickSession

extension SessionRunner {
    /// One input a page gave its own engine, given to this session at the record's time `t`: a
    /// frame moves the session there; a pointer, a command, another interaction, wheel notches
    /// or a new viewport is submitted as the page's engine took it. Every host of a page's
    /// engine (the window's `--phone-engine`, `flick host`) plays them through here. Returns
    /// false for what the host decides itself: a config key, a task's start state, an insert or
    /// a delete.
    package func takePageInput(_ input: EngineInput, at t: Double) -> Bool {
        switch input {
        case .frame:
            advance(to: t)
        case .pointer(let phase, let position):
            submit(RecordedInput(t: t, .pointer(EngineInput.pointerEvent(phase, position, time: t))), now: t)
        case .command(let command, let facilitator):
            submit(RecordedInput(t: t, .command(command), byFacilitator: facilitator), now: t)
        case .interaction(let next):
            submit(RecordedInput(t: t, .interaction(next)), now: t)
        case .notches(let n):
            submit(RecordedInput(t: t, .notches(n)), now: t)
        case .viewport(let size):
            submit(RecordedInput(t: t, .viewport(size, window: nil)), now: t)
        case .setValue, .start, .insert, .delete:
            return false
        }
        return true
    }
}
