//! Audio.
