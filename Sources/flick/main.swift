import FlickApp

// The window shell and the study tools live in the FlickApp library, so an embedder can run
// them with interactions of its own registered (Examples/CoverFlow); this is all of `flick`.
Flick.main()
