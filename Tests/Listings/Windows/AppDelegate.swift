import Parra

/// The app delegate the listing names: the one from the custom delegates listing, minus its
/// launch override.
class AppDelegate: ParraAppDelegate<ParraSceneDelegate> {}
