//! knights: judge-side rules and theory (filled in by the issue that adds the game).
