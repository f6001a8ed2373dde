//! [`InputTrack`]s as older formats stored them, read into today's (the columns they lack,
//! actions and picked points, read empty).

use super::track::{Columns, InputTrack, PaletteColumns, TargetCodes};
use serde::{Deserialize, Deserializer};

/// [`PaletteColumns`] as formats 3–6 stored them: without the actions and points columns.
#[derive(Deserialize)]
struct PaletteColumnsV6 {
    lengths: Vec<u64>,
    flags: Vec<u8>,
    palette: Vec<i64>,
    picks: Vec<u8>,
    others: Vec<i64>,
    axes: Vec<u32>,
}

/// An [`InputTrack`] read as formats 3–6 wrote it (no actions, no picked points); only for
/// reading old files.
#[derive(Debug)]
pub(crate) struct InputTrackV6(pub(crate) InputTrack);

impl<'de> Deserialize<'de> for InputTrackV6 {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let old = PaletteColumnsV6::deserialize(d)?;
        let columns = PaletteColumns {
            lengths: old.lengths,
            flags: old.flags,
            palette: old.palette,
            picks: old.picks,
            others: old.others,
            axes: old.axes,
            actions: Vec::new(),
            points: Vec::new(),
        }
        .into_columns::<D::Error>()?;
        InputTrack::from_columns::<D::Error>(columns, TargetCodes::Deltas).map(InputTrackV6)
    }
}

/// An [`InputTrack`] read as format 2 wrote it (the target codes in one column, no palette);
/// only for reading old files.
#[derive(Debug)]
pub(crate) struct InputTrackV2(pub(crate) InputTrack);

impl<'de> Deserialize<'de> for InputTrackV2 {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        InputTrack::from_columns::<D::Error>(Columns::deserialize(d)?, TargetCodes::Deltas)
            .map(InputTrackV2)
    }
}

/// An [`InputTrack`] read as format 1 wrote it (odd target codes are raw bits); only for
/// reading old files.
#[derive(Debug)]
pub(crate) struct InputTrackV1(pub(crate) InputTrack);

impl<'de> Deserialize<'de> for InputTrackV1 {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        InputTrack::from_columns::<D::Error>(Columns::deserialize(d)?, TargetCodes::RawBits)
            .map(InputTrackV1)
    }
}
