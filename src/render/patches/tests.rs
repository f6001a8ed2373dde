use super::*;
use proptest::prelude::*;

#[test]
fn the_swirl_starts_up_and_turns_right() {
    // t = 0: LearnOpenGL's offset is (0, +0.3) with y up, so the viewport's top-left pixel
    // shows the texel 30 % of the height above it, wrapped: 70 % down.
    assert_eq!(swirl_shift(0.0, (800, 600)), (0, 420));
    // A quarter turn later: 30 % of the width to the right.
    assert_eq!(
        swirl_shift(std::f32::consts::FRAC_PI_2, (800, 600)),
        (240, 0)
    );
    assert_eq!(swirl_shift(1.0, (0, 0)), (0, 0));
}

#[test]
fn the_kernel_is_two_playfield_pixels_at_any_size() {
    assert_eq!(kernel_texels(800), 2);
    assert_eq!(kernel_texels(1200), 3);
    assert_eq!(kernel_texels(1600), 4);
    assert_eq!(kernel_texels(200), 1); // 0.5 rounds to 1: never 0
    assert_eq!(patch_margin(800), 3);
}

/// The texel the shader reads at pixel `o` of `patch`, as `shaders/post.*` computes it:
/// `v_texel` interpolated at the pixel's centre, floored, wrapped.
fn texel_read(patch: &Patch, o: (u32, u32), size: (u32, u32)) -> (u32, u32) {
    let [sx, sy, sw, sh] = patch.p_source;
    let [tx, ty] = patch.p_target;
    let along = |s: f32, n: f32, t: f32, o: u32, extent: u32| {
        let v = s + (o as f32 + 0.5 - t) * n.signum();
        (v.floor() as i64).rem_euclid(i64::from(extent)) as u32
    };
    (
        along(sx, sw, tx, o.0, size.0),
        along(sy, sh, ty, o.1, size.1),
    )
}

/// Where `mapping` says pixel `o` reads from.
fn expected_read(mapping: Mapping, o: (u32, u32), size: (u32, u32)) -> (u32, u32) {
    match mapping {
        Mapping::Swirl((sx, sy)) => ((o.0 + sx) % size.0, (o.1 + sy) % size.1),
        Mapping::Flip => (size.0 - 1 - o.0, size.1 - 1 - o.1),
    }
}

/// The pixels (x, y) each patch covers.
fn covered(patch: &Patch) -> impl Iterator<Item = (u32, u32)> {
    let [tx, ty] = patch.p_target.map(|v| v as u32);
    let (w, h) = (
        patch.p_source[2].abs() as u32,
        patch.p_source[3].abs() as u32,
    );
    (ty..ty + h).flat_map(move |y| (tx..tx + w).map(move |x| (x, y)))
}

fn mapping_strategy() -> impl Strategy<Value = (u32, u32, Mapping)> {
    (8u32..120, 8u32..90, any::<bool>(), 0u32..120, 0u32..90).prop_map(|(w, h, flip, sx, sy)| {
        let mapping = if flip {
            Mapping::Flip
        } else {
            Mapping::Swirl((sx % w, sy % h))
        };
        (w, h, mapping)
    })
}

proptest! {
    /// Every texel any patch reads (its own, and chaos's taps `reach` right and below,
    /// wrapped) lies in a scene region, and regions stay inside the texture.
    #[test]
    fn scene_regions_hold_every_texel_the_patches_read(
        (w, h, mapping) in mapping_strategy(),
        rects in prop::collection::vec(
            (-20.0f32..820.0, -20.0f32..620.0, 0.0f32..60.0, 0.0f32..40.0), 0..6),
        reach in 0u32..4,
    ) {
        let size = (w, h);
        let mut out = Vec::new();
        let rects = rects.into_iter().map(|(x, y, rw, rh)| [x, y, rw, rh]);
        patches(&mut out, rects, size, mapping, reach + 1);
        let mut regions = Vec::new();
        scene_regions(&mut regions, &out, size, reach);
        let inside = |(x, y): (u32, u32)| {
            regions.iter().any(|r| {
                (r.x..r.x + r.width).contains(&x) && (r.y..r.y + r.height).contains(&y)
            })
        };
        for r in &regions {
            prop_assert!(r.x + r.width <= w && r.y + r.height <= h, "{r:?}");
        }
        for patch in &out {
            for o in covered(patch) {
                let (tx, ty) = texel_read(patch, o, size);
                for (dx, dy) in [(0, 0), (reach, 0), (0, reach)] {
                    let tap = ((tx + dx) % w, (ty + dy) % h);
                    prop_assert!(inside(tap), "{patch:?} at {o:?} reads {tap:?}, not copied");
                }
            }
        }
    }

    /// Every pixel of the viewport is drawn by exactly one block, from the texel
    /// `(O + shift) mod size`, and every block reads inside the source.
    #[test]
    fn wrapped_copies_tile_the_viewport_once(
        w in 1u32..40, h in 1u32..40, sx in 0u32..40, sy in 0u32..40,
    ) {
        let (sx, sy) = (sx % w, sy % h);
        let copies = wrapped_copies((w, h), (sx, sy));
        prop_assert!(!copies.is_empty() && copies.len() <= 4);
        let mut hits = vec![0u32; (w * h) as usize];
        for c in &copies {
            prop_assert!(c.from.x + c.from.width <= w && c.from.y + c.from.height <= h);
            prop_assert!(c.to.0 + c.from.width <= w && c.to.1 + c.from.height <= h);
            for dy in 0..c.from.height {
                for dx in 0..c.from.width {
                    let (ox, oy) = (c.to.0 + dx, c.to.1 + dy);
                    prop_assert_eq!(c.from.x + dx, (ox + sx) % w);
                    prop_assert_eq!(c.from.y + dy, (oy + sy) % h);
                    hits[(oy * w + ox) as usize] += 1;
                }
            }
        }
        prop_assert!(hits.iter().all(|&n| n == 1));
    }

    /// The whole-frame patch of either mapping, copied with the mapping's copy shift, reads
    /// for every pixel the texel the mapping says.
    #[test]
    fn the_cached_picture_copied_reads_what_the_mapping_says(
        (w, h, mapping) in mapping_strategy(),
    ) {
        let size = (w, h);
        let whole = mapping.whole(size);
        for copy in wrapped_copies(size, mapping.copy_shift()) {
            for dy in 0..copy.from.height {
                for dx in 0..copy.from.width {
                    // The cached picture's texel (from.x + dx, from.y + dy) holds what the
                    // whole patch read at that pixel.
                    let cached = texel_read(&whole, (copy.from.x + dx, copy.from.y + dy), size);
                    let o = (copy.to.0 + dx, copy.to.1 + dy);
                    prop_assert_eq!(cached, expected_read(mapping, o, size));
                }
            }
        }
    }

    /// Patches never overlap, stay in the viewport, read what the mapping says at every pixel,
    /// and cover every pixel that reads a texel of a moving sprite's rectangle grown by the
    /// margin.
    #[test]
    fn patches_cover_every_moving_texel_and_read_through_the_mapping(
        (w, h, mapping) in mapping_strategy(),
        rects in prop::collection::vec(
            (-20.0f32..820.0, -20.0f32..620.0, 0.0f32..60.0, 0.0f32..40.0), 0..6),
        margin in 0u32..4,
    ) {
        let size = (w, h);
        let rects: Vec<[f32; 4]> = rects.into_iter().map(|(x, y, rw, rh)| [x, y, rw, rh]).collect();
        let mut out = Vec::new();
        patches(&mut out, rects.iter().copied(), size, mapping, margin);
        let mut drawn = vec![false; (w * h) as usize];
        for patch in &out {
            for o in covered(patch) {
                prop_assert!(o.0 < w && o.1 < h, "{patch:?} leaves the viewport at {o:?}");
                prop_assert!(!drawn[(o.1 * w + o.0) as usize], "overlap at {o:?}");
                drawn[(o.1 * w + o.0) as usize] = true;
                prop_assert_eq!(texel_read(patch, o, size), expected_read(mapping, o, size));
            }
        }
        // Every texel of a grown rectangle (inside the picture, or wrapped for the swirl) is
        // read by some drawn pixel.
        let (kx, ky) = (w as f32 / PLAYFIELD[0], h as f32 / PLAYFIELD[1]);
        for [x, y, rw, rh] in &rects {
            let x0 = (x * kx).floor() as i64 - i64::from(margin);
            let x1 = ((x + rw) * kx).ceil() as i64 + i64::from(margin);
            let y0 = (y * ky).floor() as i64 - i64::from(margin);
            let y1 = ((y + rh) * ky).ceil() as i64 + i64::from(margin);
            for py in y0..y1 {
                for px in x0..x1 {
                    let o = match mapping {
                        Mapping::Swirl((sx, sy)) => (
                            (px - i64::from(sx)).rem_euclid(i64::from(w)),
                            (py - i64::from(sy)).rem_euclid(i64::from(h)),
                        ),
                        Mapping::Flip => {
                            if px < 0 || py < 0 || px >= i64::from(w) || py >= i64::from(h) {
                                continue;
                            }
                            (i64::from(w) - 1 - px, i64::from(h) - 1 - py)
                        }
                    };
                    prop_assert!(
                        drawn[(o.1 as u32 * w + o.0 as u32) as usize],
                        "texel ({px}, {py}) of {:?} lands at {o:?}, not patched", [x, y, rw, rh]
                    );
                }
            }
        }
    }
}
