import Synchronization

/// Work left running in the background when its owner went away: a face worker still inside a
/// decode at quit (FaceWorker.stop). The process then ends without running exit handlers, which
/// could free what that thread still reads (`exitProcess` in FlickSession).
public enum BackgroundWork {
    public static let abandoned = Atomic<Bool>(false)
}
