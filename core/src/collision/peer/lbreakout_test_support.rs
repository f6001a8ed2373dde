//! Test fixtures shared by the two LBreakout models' tests: a brick grid, a ball driven through
//! sub-steps, random layouts and the checks of the property tests. (The bot's games are in
//! `core/tests/peer_lbreakout_games.rs`: `collision` may not import `sim` or `level`.)

use crate::collision::model::{BrickGrid, BrickResponse, CollisionModel, ModelBall, ModelMemory};
use crate::collision::{exact_circle_aabb, Aabb, Circle};
use glam::Vec2;
use proptest::prelude::*;
use rand::SeedableRng;
use rand_pcg::Pcg32;

/// The game's fixed step, seconds.
pub const DT: f32 = 1.0 / 240.0;

/// A grid of uniform cells from the origin; a live cell's brick fills it.
#[derive(Clone, Debug)]
pub struct TestGrid {
    pub rows: usize,
    pub cols: usize,
    pub cell: Vec2,
    pub live: Vec<bool>,
}

impl TestGrid {
    /// An empty grid of `rows` × `cols` cells of `cell` pixels.
    pub fn new(rows: usize, cols: usize, cell: Vec2) -> TestGrid {
        TestGrid {
            rows,
            cols,
            cell,
            live: vec![false; rows * cols],
        }
    }

    /// The game's default layout for `rows` × `cols` (800 px wide, 300 px high), with `cells`
    /// live.
    pub fn with(rows: usize, cols: usize, cells: &[(usize, usize)]) -> TestGrid {
        let mut g = TestGrid::new(
            rows,
            cols,
            Vec2::new(800.0 / cols as f32, 300.0 / rows as f32),
        );
        for &(r, c) in cells {
            g.live[r * cols + c] = true;
        }
        g
    }
}

impl BrickGrid for TestGrid {
    fn rows(&self) -> usize {
        self.rows
    }
    fn cols(&self) -> usize {
        self.cols
    }
    fn cell_rect(&self, row: usize, col: usize) -> Aabb {
        Aabb {
            min: Vec2::new(col as f32 * self.cell.x, row as f32 * self.cell.y),
            max: Vec2::new(
                (col + 1) as f32 * self.cell.x,
                (row + 1) as f32 * self.cell.y,
            ),
        }
    }
    fn brick(&self, row: usize, col: usize) -> Option<Aabb> {
        (row < self.rows && col < self.cols && self.live[row * self.cols + col])
            .then(|| self.cell_rect(row, col))
    }
    fn indestructible(&self, _row: usize, _col: usize) -> bool {
        false
    }
}

/// A ball driven through sub-steps by a model, with no walls or paddle.
#[derive(Clone, Debug)]
pub struct Driven {
    pub pos: Vec2,
    pub vel: Vec2,
    pub radius: f32,
    pub memory: ModelMemory,
}

impl Driven {
    pub fn new(pos: Vec2, vel: Vec2, radius: f32) -> Driven {
        Driven {
            pos,
            vel,
            radius,
            memory: ModelMemory::default(),
        }
    }

    /// One sub-step of `dt`.
    pub fn step(
        &mut self,
        model: &dyn CollisionModel,
        grid: &dyn BrickGrid,
        dt: f32,
        rng: &mut Pcg32,
    ) -> BrickResponse {
        let mut ball = ModelBall {
            pos: self.pos,
            vel: self.vel,
            radius: self.radius,
            memory: &mut self.memory,
        };
        let response = model.step_bricks(&mut ball, dt, grid, rng);
        self.pos = ball.pos;
        self.vel = ball.vel;
        response
    }

    /// Steps until the first bounce (at most `max` steps): the response and the ball then.
    pub fn until_bounce(
        &mut self,
        model: &dyn CollisionModel,
        grid: &dyn BrickGrid,
        max: u32,
    ) -> Option<BrickResponse> {
        let mut rng = Pcg32::seed_from_u64(1);
        for _ in 0..max {
            let r = self.step(model, grid, DT, &mut rng);
            if r.bounced() {
                return Some(r);
            }
        }
        None
    }
}

/// Signed distance (pixels) of a ball from a box, by the exact referee.
pub fn distance(pos: Vec2, radius: f32, b: Aabb) -> f64 {
    exact_circle_aabb::signed_distance(
        Circle {
            center: pos,
            radius,
        },
        b,
    )
}

/// Direction of `v` in degrees (0 = right, 90 = down).
pub fn degrees(v: Vec2) -> f32 {
    libm::atan2f(v.y, v.x).to_degrees()
}

/// A random layout: rows, columns and live cells, the game's cell sizes.
pub fn arb_grid() -> impl Strategy<Value = TestGrid> {
    (2usize..12, 3usize..17).prop_flat_map(|(rows, cols)| {
        proptest::collection::vec(proptest::bool::weighted(0.45), rows * cols).prop_map(
            move |live| {
                let mut g = TestGrid::with(rows, cols, &[]);
                g.live = live;
                g
            },
        )
    })
}

/// A random velocity, pixels/second: any direction, speeds from 0 to 4000.
pub fn arb_vel() -> impl Strategy<Value = Vec2> {
    prop_oneof![
        (0.0f32..std::f32::consts::TAU, 30.0f32..4000.0)
            .prop_map(|(a, s)| Vec2::new(libm::cosf(a), libm::sinf(a)) * s),
        Just(Vec2::ZERO),
        (-1.0f32..1.0).prop_map(|s| Vec2::new(0.0, s * 600.0)),
        (-1.0f32..1.0).prop_map(|s| Vec2::new(s * 600.0, 0.0)),
    ]
}

/// What the property tests check of one random sub-step sequence, for either model: finite
/// output; the speed kept (the models never change it: bounces and re-aims reset it); after a
/// bounce, the ball overlapping the brick it bounced off by at most `overlap_tol` pixels; and a
/// ball that started clear of the bricks and inside the playfield still inside it.
pub fn check_steps(
    model: &dyn CollisionModel,
    grid: &TestGrid,
    pos: Vec2,
    vel: Vec2,
    radius: f32,
    steps: u32,
    overlap_tol: f64,
) -> Result<(), TestCaseError> {
    let mut ball = Driven::new(pos, vel, radius);
    let mut rng = Pcg32::seed_from_u64(7);
    let speed = vel.length();
    for _ in 0..steps {
        let before = ball.pos;
        let r = ball.step(model, grid, DT, &mut rng);
        prop_assert!(ball.pos.is_finite() && ball.vel.is_finite(), "{ball:?}");
        prop_assert!(
            (ball.vel.length() - speed).abs() <= speed * 1e-4 + 1e-3,
            "speed {} → {}",
            speed,
            ball.vel.length()
        );
        for n in &r.normals {
            prop_assert!((n.length() - 1.0).abs() < 1e-4);
        }
        prop_assert!(r.hits.len() == r.normals.len() && r.hits.len() <= 1);
        if let Some(&(row, col)) = r.hits.first() {
            let b = grid.brick(row, col).expect("a hit brick is live");
            let d = distance(ball.pos, radius, b);
            prop_assert!(
                d >= -overlap_tol,
                "overlaps its brick by {} after the bounce",
                -d
            );
        }
        // Inside the playfield: the ball stays within the box of where it was, where its
        // velocity takes it and the grid's box inset by its radius (the back-off).
        let field = Aabb {
            min: Vec2::ZERO,
            max: Vec2::new(800.0, 600.0),
        };
        let end = before + vel.length() * DT * ball.vel.normalize_or_zero();
        let ok = |p: Vec2| p.x >= field.min.x && p.x <= field.max.x && p.y >= field.min.y;
        if ok(before) && ok(end) {
            prop_assert!(ok(ball.pos), "left the playfield: {before} → {}", ball.pos);
        }
    }
    Ok(())
}

/// True if a ball at `pos` overlaps no live brick of `grid`.
pub fn clear_of_bricks(grid: &TestGrid, pos: Vec2, radius: f32) -> bool {
    (0..grid.rows).all(|row| {
        (0..grid.cols).all(|col| {
            grid.brick(row, col)
                .is_none_or(|b| distance(pos, radius, b) > 0.0)
        })
    })
}
