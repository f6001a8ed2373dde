//! [`Game::state_hash`](super::Game::state_hash): a 64-bit XXH3 hash of the whole game state,
//! complete by construction and the same on every target.
//!
//! `Game` and everything it holds derive [`serde::Serialize`]; the hash is that serialisation
//! fed into XXH3-64 by `HashSerializer`, a [`serde::Serializer`] that allocates nothing. A
//! field added to the game is hashed without anyone remembering to: leaving state out takes a
//! `#[serde(skip)]` with its reason beside it.
//!
//! **What is fed**, in order: every leaf value's bytes, little-endian on every target (integers
//! as they are, `usize` as 64 bits — serde widens it to `u64` before the serialiser sees it —,
//! `char` as its `u32` scalar value, `bool` as one byte); floats **canonical**: their bit
//! pattern, except that `-0.0` is fed as `+0.0` and every NaN as one fixed quiet NaN
//! ([`CANONICAL_NAN_F32`], [`CANONICAL_NAN_F64`]; [`canonical_f32_bits`]); string, byte-string,
//! sequence and map lengths as `u64` before their contents (`u64::MAX` for a length serde does
//! not know, which nothing in this crate produces); `Option` as a tag byte (0 none, 1 some);
//! enum variants as their `u32` index. Struct and field names are not fed: regrouping fields
//! into sub-structs in the same order keeps the hash.
//!
//! **Why canonical floats.** The simulation compares floats, it does not look at their bits:
//! `-0.0 == 0.0`, and no branch can tell one NaN payload from another. Which zero or which NaN a
//! computation yields may differ by target without the game differing: x86's SSE divisions
//! make a NaN with the sign set, ARM's and RISC-V's a positive one, and WebAssembly leaves a
//! NaN's sign and payload to the engine (its spec makes them non-deterministic); a math
//! library may return `-0.0` where another returns `0.0`. Hashing them as one value keeps such
//! differences, which change nothing the game does, out of the hash. The
//! `skip_serializing_if` tests on floats (`GameConfig`'s factors, `Weapon::is_idle`'s cooldown,
//! a brick's regeneration) compare with `==` and so already treat both zeros alike.
//!
//! **Why XXH3-64.** The hash is taken every [`HASH_INTERVAL`](crate::replay::HASH_INTERVAL)
//! steps while recording and on every step where forked copies are compared, and a step costs
//! only some 50 ns: the hash must be fast. FNV-1a, used before, multiplies its whole state once
//! per byte, so each byte waits for the last (about 1 ns a byte: 3.4 µs for the 3.5 KB of a
//! one-ball game, 60 % on top of recording's steps); XXH3 reads 8 bytes at a time into eight
//! independent lanes and mixes 64-byte stripes (`docs/replays.md` has the figures). It is
//! **specified**: the xxHash specification
//! (`doc/xxhash_spec.md` in <https://github.com/Cyan4973/xxHash>, by Yann Collet) defines XXH3's
//! output over a byte string, reading every multi-byte word little-endian whatever the machine,
//! and the output has been **frozen since xxHash 0.8.0** (2020): the reference promises the
//! same value for the same input and seed across versions, CPUs and builds. Its SSE2, AVX2,
//! NEON, WebAssembly-SIMD and scalar code paths compute the same lanes, so the result does not
//! depend on the target's vector unit. It is computed here by `xxhash-rust` (pure Rust, no C,
//! builds for `wasm32`), with the default secret and seed 0, streamed: the value equals
//! one-shot XXH3-64 of the concatenated bytes however they were split (a unit test checks both
//! that and a known answer of the reference). std's `DefaultHasher` is not an option: it may
//! change between Rust releases.
//!
//! **How it is fed.** Leaf values are small (1 to 16 bytes) and there are about a thousand in a
//! game's state, so they are gathered in a `CHUNK`-byte buffer on the stack and handed to the
//! streaming hasher a chunk at a time: one call per kilobyte instead of one per value
//! (a 256-byte buffer measured the same on the game and 15 % slower on eight-byte words).
//!
//! **What else could differ between targets** (checked for issue 33; the game must hash the same
//! on `x86_64`, `aarch64` and `wasm32`):
//!
//! - `usize` (32 bits on `wasm32`): in the state, `BrickField`'s rows, columns, count of
//!   destructible bricks, fuses' and growths' cells. serde serialises a `usize` as `u64`, so the
//!   hash sees 64 bits everywhere; lengths are fed as `u64` too. Fine as is.
//! - pointer-width sentinels: the only `usize::MAX` of `sim` is the bot's "no choice yet"
//!   (`Bot`), which is not part of [`Game`](super::Game) and only compared; the unknown-length
//!   tag here is `u64::MAX`, not `usize::MAX`. Fine as is.
//! - hash-map order: no `HashMap` or `HashSet` in the state. The replay writer builds its
//!   palette of target codes with a `HashMap` (`replay::track`), then sorts it by a total order
//!   (count, then code), so the file's bytes do not depend on the map's order. Fine as is.
//! - floats: `-0.0` and NaN payloads, fixed here (above). Float arithmetic itself (`+ − × ÷`,
//!   `sqrt`, and glam's `Vec4` lanes in the swept test) is IEEE 754 and rounds the same on every
//!   target; Rust contracts no `a * b + c` into a fused multiply-add. The transcendentals
//!   (`sim::ball`'s `clamp_direction`, `nudge_direction` and `paddle_bounce`, `sim::step`'s
//!   launch, glam's `from_angle` for chaotic bricks and multiball) come from the `libm` crate,
//!   not the platform's math library, whose last bits differ between glibc, musl and `wasm32`
//!   (`core/clippy.toml` forbids the std methods).
//! - the replay file (`replay::file`, postcard): integers as varints of their value and
//!   lengths as varints of `usize`, which encode the same value the same way on every target;
//!   a length past `u32::MAX` could not be read on `wasm32`, but the reader refuses bodies over
//!   64 MiB first. Floats are stored as their exact bits (a replay gives the game the very
//!   input it had); postcard's wire format is stable across its 1.x versions. Fine as is.

use serde::ser::{self, Serialize};
use std::fmt;
use xxhash_rust::xxh3::Xxh3Default;

/// The bits every `f32` NaN is hashed as: the quiet NaN with the sign clear and a zero payload
/// (IEEE 754-2008's canonical quiet NaN, and what `f32::NAN` is today; written out so that the
/// hash does not depend on a constant Rust does not promise).
pub const CANONICAL_NAN_F32: u32 = 0x7fc0_0000;
/// The bits every `f64` NaN is hashed as: the quiet NaN with the sign clear and a zero payload
/// (as [`CANONICAL_NAN_F32`]).
pub const CANONICAL_NAN_F64: u64 = 0x7ff8_0000_0000_0000;

/// The bits `v` is hashed as: its own, but `+0.0`'s for `-0.0` and [`CANONICAL_NAN_F32`] for
/// every NaN.
pub fn canonical_f32_bits(v: f32) -> u32 {
    if v.is_nan() {
        CANONICAL_NAN_F32
    } else if v == 0.0 {
        0
    } else {
        v.to_bits()
    }
}

/// The bits `v` is hashed as: its own, but `+0.0`'s for `-0.0` and [`CANONICAL_NAN_F64`] for
/// every NaN.
pub fn canonical_f64_bits(v: f64) -> u64 {
    if v.is_nan() {
        CANONICAL_NAN_F64
    } else if v == 0.0 {
        0
    } else {
        v.to_bits()
    }
}

/// XXH3-64 (seed 0) of `value`'s serialisation (see the module docs for what is fed).
pub fn hash_of<T: Serialize + ?Sized>(value: &T) -> u64 {
    hash_with::<Xxh3Default, true, T>(value)
}

/// The state hash of game versions up to 0.2.0 (replay formats 1–3, [`crate::replay::Math`]'s
/// `Platform`): 64-bit FNV-1a (Fowler, Noll, Vo; <http://www.isthe.com/chongo/tech/comp/fnv/>)
/// of the same serialisation, floats fed by their raw bits (no canonical zero or NaN). Only
/// for checking the hashes such replays stored, as far as the game still matches them.
pub fn legacy_hash_of<T: Serialize + ?Sized>(value: &T) -> u64 {
    hash_with::<Fnv1a, false, T>(value)
}

/// `D` of `value`'s serialisation, floats canonical when `CANONICAL`.
#[inline]
fn hash_with<D: Digest, const CANONICAL: bool, T: Serialize + ?Sized>(value: &T) -> u64 {
    let mut buf = [0; CHUNK];
    let mut hasher = D::default();
    let mut s = HashSerializer::<D, CANONICAL> {
        buf: &mut buf,
        len: 0,
        hasher: &mut hasher,
    };
    value
        .serialize(&mut s)
        .expect("hashing serialiser never fails");
    let len = s.len;
    hasher.update(&buf[..len]);
    hasher.digest()
}

/// A 64-bit hash fed bytes in order: XXH3-64 for the state hash, FNV-1a for the legacy one.
trait Digest: Default {
    /// Feeds `bytes`, in order.
    fn update(&mut self, bytes: &[u8]);
    /// The hash of every byte fed so far.
    fn digest(&self) -> u64;
}

impl Digest for Xxh3Default {
    #[inline]
    fn update(&mut self, bytes: &[u8]) {
        Xxh3Default::update(self, bytes);
    }
    #[inline]
    fn digest(&self) -> u64 {
        Xxh3Default::digest(self)
    }
}

/// 64-bit FNV-1a with the reference's offset basis and prime: the legacy hash.
struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Self {
        Fnv1a(0xcbf2_9ce4_8422_2325)
    }
}

impl Digest for Fnv1a {
    fn update(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 ^= u64::from(byte);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    fn digest(&self) -> u64 {
        self.0
    }
}

/// Bytes gathered before they are handed to the hasher.
pub(crate) const CHUNK: usize = 1024;

/// A [`serde::Serializer`] that feeds every value into XXH3-64 instead of writing it out (see
/// the module docs for what is fed); [`hash_of`] makes one and gives the hash.
///
/// The buffer and the hasher are borrowed, not held: the serialiser itself is then a pointer,
/// a count and a pointer, which the optimiser keeps in registers, and a byte stored into the
/// buffer cannot be taken for a change of the count (with the buffer inside, every value's
/// count was stored and loaded again: 2 ns a value, half the hash's time).
///
/// `D` is the hash (XXH3-64 with the default secret and seed 0; FNV-1a for the legacy hash);
/// `CANONICAL` feeds floats canonical (the legacy hash feeds their raw bits).
struct HashSerializer<'a, D, const CANONICAL: bool> {
    /// Bytes not yet given to `hasher`: the first `len`.
    buf: &'a mut [u8; CHUNK],
    /// Bytes of `buf` in use.
    len: usize,
    /// The hash of every byte given so far.
    hasher: &'a mut D,
}

impl<D: Digest, const CANONICAL: bool> HashSerializer<'_, D, CANONICAL> {
    /// Feeds `bytes` (at most [`CHUNK`]: every caller's are at most 16).
    #[inline(always)]
    fn put<const N: usize>(&mut self, bytes: [u8; N]) {
        if self.len + N > CHUNK {
            flush(self.buf, self.len, self.hasher);
            self.len = 0;
        }
        self.buf[self.len..self.len + N].copy_from_slice(&bytes);
        self.len += N;
    }

    /// Feeds `bytes`, of any length.
    #[inline]
    fn put_slice(&mut self, bytes: &[u8]) {
        if self.len + bytes.len() > CHUNK {
            flush(self.buf, self.len, self.hasher);
            self.len = 0;
        }
        if bytes.len() > CHUNK {
            self.hasher.update(bytes);
        } else {
            self.buf[self.len..self.len + bytes.len()].copy_from_slice(bytes);
            self.len += bytes.len();
        }
    }

    /// Feeds a length (see the module docs).
    #[inline]
    fn len(&mut self, len: Option<usize>) {
        // Every container this crate hashes knows its length; an unknown one is tagged apart.
        self.put(len.map_or(u64::MAX, |n| n as u64).to_le_bytes());
    }
}

/// Hands the first `len` bytes of `buf` to `hasher`.
#[cold]
#[inline(never)]
fn flush<D: Digest>(buf: &[u8; CHUNK], len: usize, hasher: &mut D) {
    hasher.update(&buf[..len]);
}

/// Never produced: hashing cannot fail. Required by [`serde::Serializer`] (a custom
/// `Serialize` impl may still report an error through it). Boxed, so that a `Result<(), Never>`
/// is two words and comes back in registers from every `serialize` call that is not inlined.
#[derive(Debug)]
struct Never(String);

impl fmt::Display for Never {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for Never {}
impl ser::Error for Never {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Never(msg.to_string())
    }
}

/// `serialize_*` methods that feed an integer's little-endian bytes, one per `name: type` pair.
macro_rules! le_bytes {
    ($($name:ident: $ty:ty),* $(,)?) => {
        $(
            #[inline]
            fn $name(self, v: $ty) -> Result<(), Never> {
                self.put(v.to_le_bytes());
                Ok(())
            }
        )*
    };
}

impl<D: Digest, const CANONICAL: bool> ser::Serializer for &mut HashSerializer<'_, D, CANONICAL> {
    type Ok = ();
    type Error = Never;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Self;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Self;

    #[inline]
    fn serialize_bool(self, v: bool) -> Result<(), Never> {
        self.put([v as u8]);
        Ok(())
    }
    le_bytes! {
        serialize_i8: i8, serialize_i16: i16, serialize_i32: i32, serialize_i64: i64,
        serialize_i128: i128, serialize_u8: u8, serialize_u16: u16, serialize_u32: u32,
        serialize_u64: u64, serialize_u128: u128
    }
    // Floats canonical: -0.0 as +0.0, every NaN as one (see the module docs); the legacy
    // hash's raw bits.
    #[inline]
    fn serialize_f32(self, v: f32) -> Result<(), Never> {
        let bits = if CANONICAL {
            canonical_f32_bits(v)
        } else {
            v.to_bits()
        };
        self.put(bits.to_le_bytes());
        Ok(())
    }
    #[inline]
    fn serialize_f64(self, v: f64) -> Result<(), Never> {
        let bits = if CANONICAL {
            canonical_f64_bits(v)
        } else {
            v.to_bits()
        };
        self.put(bits.to_le_bytes());
        Ok(())
    }
    #[inline]
    fn serialize_char(self, v: char) -> Result<(), Never> {
        self.put(u32::from(v).to_le_bytes());
        Ok(())
    }
    #[inline]
    fn serialize_str(self, v: &str) -> Result<(), Never> {
        self.len(Some(v.len()));
        self.put_slice(v.as_bytes());
        Ok(())
    }
    #[inline]
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Never> {
        self.len(Some(v.len()));
        self.put_slice(v);
        Ok(())
    }
    #[inline]
    fn serialize_none(self) -> Result<(), Never> {
        self.put([0]);
        Ok(())
    }
    #[inline]
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Never> {
        self.put([1]);
        value.serialize(self)
    }
    #[inline]
    fn serialize_unit(self) -> Result<(), Never> {
        Ok(())
    }
    #[inline]
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Never> {
        Ok(())
    }
    #[inline]
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        variant_index: u32,
        _variant: &'static str,
    ) -> Result<(), Never> {
        self.serialize_u32(variant_index)
    }
    #[inline]
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Never> {
        value.serialize(self)
    }
    #[inline]
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        variant_index: u32,
        _variant: &'static str,
        value: &T,
    ) -> Result<(), Never> {
        self.put(variant_index.to_le_bytes());
        value.serialize(self)
    }
    #[inline]
    fn serialize_seq(self, len: Option<usize>) -> Result<Self, Never> {
        self.len(len);
        Ok(self)
    }
    #[inline]
    fn serialize_tuple(self, _len: usize) -> Result<Self, Never> {
        Ok(self)
    }
    #[inline]
    fn serialize_tuple_struct(self, _name: &'static str, _len: usize) -> Result<Self, Never> {
        Ok(self)
    }
    #[inline]
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        variant_index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self, Never> {
        self.put(variant_index.to_le_bytes());
        Ok(self)
    }
    #[inline]
    fn serialize_map(self, len: Option<usize>) -> Result<Self, Never> {
        self.len(len);
        Ok(self)
    }
    #[inline]
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Self, Never> {
        Ok(self)
    }
    #[inline]
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        variant_index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self, Never> {
        self.put(variant_index.to_le_bytes());
        Ok(self)
    }
}

/// Elements of a sequence, tuple or variant: each value in turn.
macro_rules! elements {
    ($($trait:ident :: $method:ident),*) => {$(
        impl<D: Digest, const CANONICAL: bool> ser::$trait for &mut HashSerializer<'_, D, CANONICAL> {
            type Ok = ();
            type Error = Never;
            #[inline]
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Never> {
                value.serialize(&mut **self)
            }
            #[inline]
            fn end(self) -> Result<(), Never> {
                Ok(())
            }
        }
    )*};
}
elements!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

/// Fields of a struct: values in declaration order; names are not fed; a skipped field feeds
/// nothing.
macro_rules! fields {
    ($($trait:ident),*) => {$(
        impl<D: Digest, const CANONICAL: bool> ser::$trait for &mut HashSerializer<'_, D, CANONICAL> {
            type Ok = ();
            type Error = Never;
            #[inline]
            fn serialize_field<T: Serialize + ?Sized>(
                &mut self,
                _key: &'static str,
                value: &T,
            ) -> Result<(), Never> {
                value.serialize(&mut **self)
            }
            #[inline]
            fn end(self) -> Result<(), Never> {
                Ok(())
            }
        }
    )*};
}
fields!(SerializeStruct, SerializeStructVariant);

impl<D: Digest, const CANONICAL: bool> ser::SerializeMap for &mut HashSerializer<'_, D, CANONICAL> {
    type Ok = ();
    type Error = Never;
    #[inline]
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Never> {
        key.serialize(&mut **self)
    }
    #[inline]
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Never> {
        value.serialize(&mut **self)
    }
    #[inline]
    fn end(self) -> Result<(), Never> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    //! The property of item 5 of issue 10: changing any part of the state changes the hash.
    //! These tests live inside `sim` so they can reach every private field of [`Game`] and
    //! change it directly, as a bug would; nothing in the public API is opened for them.

    use super::super::{
        Bot, FallingPowerUp, Game, GameConfig, GameEvent, GameState, PowerUpSettings,
    };
    use super::{hash_of, CANONICAL_NAN_F32, CANONICAL_NAN_F64};
    use crate::collision::CollisionMode;
    use crate::level::{Level, PowerUpKind};
    use glam::Vec2;
    use proptest::prelude::*;
    use rand::Rng;

    /// A game `steps` bot steps into a level, with a timed effect running and a power-up falling
    /// (injected, so every mutation below has something to change).
    fn game_after(steps: u32, seed: u64) -> Game {
        let level = Level::parse("1 2 3 4 5 2\n2+M 3*2 4 5 2 3\n5 4+S 3 2 0 2", "hash").unwrap();
        let mut game = Game::new(
            &level,
            GameConfig {
                seed,
                infinite_lives: true,
                powerups: PowerUpSettings::default(),
                ..GameConfig::default()
            },
        );
        let mut bot = Bot::new(seed, 0.0);
        for _ in 0..steps {
            let input = bot.input(&game);
            game.step(&input);
        }
        game.effects.start(
            PowerUpKind::Confuse,
            crate::sim::powerups::rules::Lasting::Seconds(7.25),
            false,
        );
        game.falling.push(FallingPowerUp::new(
            PowerUpKind::Speed,
            Vec2::new(333.0, 222.0),
        ));
        game
    }

    /// Changes part `part` of `game`'s state by `delta` (a float ≥ 0.001, or a count ≥ 1).
    /// Returns the part's name for the failure message.
    fn mutate(game: &mut Game, part: usize, delta: f32) -> &'static str {
        let n = delta.max(1.0) as u32;
        let ball = &mut game.balls[0];
        match part {
            0 => {
                game.effects.timed.last_mut().unwrap().seconds_left += delta;
                "a power-up timer"
            }
            1 => {
                game.falling.last_mut().unwrap().pos.x += delta;
                "a falling power-up's x"
            }
            2 => {
                game.falling.last_mut().unwrap().pos.y += delta;
                "a falling power-up's y"
            }
            3 => {
                game.falling.last_mut().unwrap().prev_pos.x -= delta;
                "a falling power-up's previous position"
            }
            4 => {
                game.falling.last_mut().unwrap().kind = PowerUpKind::Multiball;
                "a falling power-up's kind"
            }
            5 => {
                for _ in 0..n {
                    game.rng.random::<u32>();
                }
                "the random generator"
            }
            6 => {
                ball.pos.x += delta;
                "a ball's x"
            }
            7 => {
                ball.pos.y -= delta;
                "a ball's y"
            }
            8 => {
                ball.vel.x += delta;
                "a ball's velocity"
            }
            9 => {
                ball.prev_pos.y += delta;
                "a ball's previous position"
            }
            10 => {
                ball.idle_steps = ball.idle_steps.wrapping_add(n);
                "a ball's loop-breaker timer"
            }
            11 => {
                ball.stuck = !ball.stuck;
                "a ball stuck or not"
            }
            12 => {
                ball.stick_offset += delta;
                "a ball's offset on the paddle"
            }
            13 => {
                ball.radius += delta;
                "a ball's radius"
            }
            14 => {
                let b = game.balls[0];
                game.balls.push(b);
                "the number of balls"
            }
            15 => {
                let brick = game.bricks.cells.iter_mut().flatten().nth(2).unwrap();
                brick.hits_left = brick.hits_left.wrapping_add(n as u8 | 1);
                "a brick's hits"
            }
            16 => {
                let brick = game.bricks.cells.iter_mut().flatten().nth(3).unwrap();
                brick.alive = !brick.alive;
                "a brick alive or not"
            }
            17 => {
                game.bricks.destructible_left += n as usize;
                "the count of destructible bricks"
            }
            18 => {
                game.paddle.pos.x += delta;
                "the paddle's x"
            }
            19 => {
                game.paddle.size.x += delta;
                "the paddle's width"
            }
            20 => {
                game.paddle.prev_x -= delta;
                "the paddle's previous x"
            }
            21 => {
                game.lives += n;
                "the lives"
            }
            22 => {
                game.score += n;
                "the score"
            }
            23 => {
                game.state = GameState::GameOver;
                "the game state"
            }
            24 => {
                game.stats.steps += n as u64;
                "the step count"
            }
            25 => {
                game.stats.powerups_collected += n;
                "the power-ups collected"
            }
            26 => {
                game.stats.balls_escaped += n;
                "the escape count"
            }
            27 => {
                game.effects.speed_multiplier += delta;
                "the speed multiplier"
            }
            28 => {
                game.effects.paddle_extra += delta;
                "the paddle's extra width"
            }
            29 => {
                game.config.collision = CollisionMode::Cross;
                "the collision mode"
            }
            30 => {
                game.config.launch_speed += delta;
                "the launch speed"
            }
            31 => {
                game.config.powerups.chaos_seconds += delta;
                "a power-up duration"
            }
            32 => {
                game.level_name.push('x');
                "the level name"
            }
            _ => {
                game.effects.start(
                    PowerUpKind::Sticky,
                    crate::sim::powerups::rules::Lasting::Seconds(delta),
                    false,
                );
                "the set of timed effects"
            }
        }
    }

    proptest! {
        #[test]
        fn changing_any_part_of_the_state_changes_the_hash(
            steps in 0u32..400, seed in 0u64..1000, part in 0usize..34, delta in 0.001f32..50.0,
        ) {
            let game = game_after(steps, seed);
            let mut changed = game.clone();
            let what = mutate(&mut changed, part, delta);
            prop_assume!(changed.state != game.state || part != 23);
            prop_assume!(changed.config.collision != game.config.collision || part != 29);
            prop_assert_ne!(changed.state_hash(), game.state_hash(), "{} changed", what);
        }
    }

    #[test]
    fn the_hash_is_a_function_of_the_state_and_not_of_the_events() {
        let game = game_after(300, 4);
        let mut other = game.clone();
        other.events.push(GameEvent::WallHit);
        assert_eq!(game.state_hash(), other.state_hash());
        assert_eq!(game.state_hash(), game.clone().state_hash());
    }

    /// Bit patterns of NaNs: quiet and signalling, both signs, with payloads.
    const F32_NANS: [u32; 6] = [
        0x7fc0_0000,
        0xffc0_0000,
        0x7fc0_0001,
        0x7f80_0001,
        0xff80_0001,
        0x7fff_ffff,
    ];
    const F64_NANS: [u64; 5] = [
        0x7ff8_0000_0000_0000,
        0xfff8_0000_0000_0000,
        0x7ff8_0000_0000_0001,
        0x7ff0_0000_0000_0001,
        0xffff_ffff_ffff_ffff,
    ];

    #[test]
    fn a_zero_hashes_alike_whatever_its_sign() {
        assert_eq!(hash_of(&-0.0f32), hash_of(&0.0f32));
        assert_eq!(hash_of(&-0.0f64), hash_of(&0.0f64));
        assert_eq!(
            hash_of(&Vec2::new(-0.0, 3.0)),
            hash_of(&Vec2::new(0.0, 3.0))
        );
        let game = game_after(120, 3);
        let (mut plus, mut minus) = (game.clone(), game);
        plus.balls[0].vel.x = 0.0;
        minus.balls[0].vel.x = -0.0;
        plus.effects.paddle_extra = 0.0;
        minus.effects.paddle_extra = -0.0;
        assert_eq!(plus.state_hash(), minus.state_hash());
        assert_eq!(
            plus.state_hash_without_mode(),
            minus.state_hash_without_mode()
        );
    }

    #[test]
    fn every_nan_hashes_alike() {
        let canonical = hash_of(&f32::from_bits(CANONICAL_NAN_F32));
        assert_eq!(hash_of(&f32::NAN), canonical);
        for bits in F32_NANS {
            assert!(f32::from_bits(bits).is_nan());
            assert_eq!(hash_of(&f32::from_bits(bits)), canonical, "{bits:#x}");
        }
        let canonical = hash_of(&f64::from_bits(CANONICAL_NAN_F64));
        assert_eq!(hash_of(&f64::NAN), canonical);
        for bits in F64_NANS {
            assert!(f64::from_bits(bits).is_nan());
            assert_eq!(hash_of(&f64::from_bits(bits)), canonical, "{bits:#x}");
        }
        let game = game_after(120, 5);
        let mut games = F32_NANS.map(|bits| {
            let mut g = game.clone();
            g.balls[0].pos.y = f32::from_bits(bits);
            g.falling[0].pos.x = f32::from_bits(bits ^ 0x8000_0000);
            g
        });
        let first = games[0].state_hash();
        for g in &mut games {
            assert_eq!(g.state_hash(), first);
        }
        // A NaN is still not a number: it hashes apart from every one, infinities included.
        assert_ne!(hash_of(&f32::NAN), hash_of(&f32::INFINITY));
        assert_ne!(hash_of(&f32::NAN), hash_of(&0.0f32));
    }

    #[test]
    fn numbers_of_opposite_signs_still_hash_apart() {
        assert_ne!(hash_of(&1.0f32), hash_of(&-1.0f32));
        assert_ne!(hash_of(&1.0f64), hash_of(&-1.0f64));
        // The smallest numbers next to zero, and the infinities.
        let tiny = f32::from_bits(1);
        assert_ne!(hash_of(&tiny), hash_of(&-tiny));
        assert_ne!(hash_of(&tiny), hash_of(&0.0f32));
        assert_ne!(hash_of(&f32::INFINITY), hash_of(&f32::NEG_INFINITY));
        let game = game_after(120, 6);
        let (mut up, mut down) = (game.clone(), game);
        up.balls[0].vel.x = 1.0;
        down.balls[0].vel.x = -1.0;
        assert_ne!(up.state_hash(), down.state_hash());
    }

    proptest! {
        /// Two floats hash alike exactly when the game cannot tell them apart: equal numbers
        /// (`-0.0 == 0.0`), or both NaN.
        #[test]
        fn floats_hash_alike_exactly_when_equal_or_both_nan(a: u32, b: u32, c: u64, d: u64) {
            for (x, y) in [(a, b), (a, a ^ 0x8000_0000), (a, a)] {
                let (x, y) = (f32::from_bits(x), f32::from_bits(y));
                let alike = x == y || (x.is_nan() && y.is_nan());
                prop_assert_eq!(hash_of(&x) == hash_of(&y), alike, "{:?} {:?}", x, y);
            }
            for (x, y) in [(c, d), (c, c ^ (1 << 63)), (c, c)] {
                let (x, y) = (f64::from_bits(x), f64::from_bits(y));
                let alike = x == y || (x.is_nan() && y.is_nan());
                prop_assert_eq!(hash_of(&x) == hash_of(&y), alike, "{:?} {:?}", x, y);
            }
        }
    }

    /// The bytes the serialiser must feed for `(7u8, words, text, 2.5f32, -0.0f32, usize)`.
    fn expected_bytes(words: &[u64], text: &str, n: usize) -> Vec<u8> {
        let mut out = vec![7u8];
        out.extend((words.len() as u64).to_le_bytes());
        for w in words {
            out.extend(w.to_le_bytes());
        }
        out.extend((text.len() as u64).to_le_bytes());
        out.extend(text.as_bytes());
        out.extend(2.5f32.to_bits().to_le_bytes());
        out.extend(0u32.to_le_bytes());
        out.extend((n as u64).to_le_bytes());
        out
    }

    #[test]
    fn the_hash_is_xxh3_of_the_little_endian_bytes_however_they_are_chunked() {
        // Sizes around the chunk: values that straddle a chunk's end, strings longer than one.
        for (n_words, text_len) in [
            (0usize, 0),
            (3, 5),
            (31, 0),
            (32, 1),
            (100, 300),
            (1000, 3000),
        ] {
            let words: Vec<u64> = (0..n_words as u64)
                .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
                .collect();
            let text: String = "abcdefghij".chars().cycle().take(text_len).collect();
            let value = (7u8, &words, &text, 2.5f32, -0.0f32, n_words);
            assert_eq!(
                hash_of(&value),
                xxhash_rust::xxh3::xxh3_64(&expected_bytes(&words, &text, n_words)),
                "{n_words} words, {text_len} characters"
            );
        }
        // usize is fed as 64 bits on every target.
        assert_eq!(hash_of(&5usize), hash_of(&5u64));
    }

    #[test]
    fn the_hasher_gives_the_reference_xxh3() {
        // XXH3_64bits of the empty input (seed 0), from the reference's sanity checks.
        assert_eq!(hash_of(&()), 0x2d06_8005_38d3_94c2);
        assert_eq!(xxhash_rust::xxh3::xxh3_64(b""), 0x2d06_8005_38d3_94c2);
    }
}
