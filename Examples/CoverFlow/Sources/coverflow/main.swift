import CoverFlow
import FlickApp

// Flick's window and study tools with the cover flow as a sixth interaction (key 6,
// `--demo coverflow`).
CoverFlowInteraction.register()
Flick.main()
