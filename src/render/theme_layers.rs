//! The sprite texture array's layers with a theme: the built-in layers ([`Layer::FILES`], the
//! solid one, the power-up atlas), the theme's background, paddle and ball in place of the
//! built-in ones where it has them, and its brick atlas as [`Layer::ThemeBricks`] (transparent
//! without a theme).

use super::loading::{load_layer, load_layers};
use super::RenderError;
use crate::assets::theme::Theme;
use crate::assets::Assets;
use crate::view::sprite::LAYER_SIZE;
use crate::view::Layer;
use glium::texture::RawImage2d;
use image::RgbaImage;

/// Every layer of the texture array, in layer order, with `theme`'s pieces if given.
///
/// # Errors
/// [`RenderError`] naming a built-in or override file that does not decode.
pub(super) fn layers(
    assets: &Assets,
    theme: Option<&Theme>,
) -> Result<Vec<RawImage2d<'static, u8>>, RenderError> {
    let mut layers = Vec::new();
    for (layer, file) in Layer::FILES {
        let own = theme.and_then(|t| match layer {
            Layer::Background => t.background.as_ref(),
            Layer::Paddle => t.paddle.as_ref(),
            Layer::Ball => t.ball.as_ref(),
            Layer::Block
            | Layer::BlockSolid
            | Layer::Particle
            | Layer::BlockMetal
            | Layer::Marks
            | Layer::Solid
            | Layer::PowerUps
            | Layer::ThemeBricks => None,
        });
        layers.push(match own {
            Some(image) => raw(image),
            None => load_layer(assets, &format!("textures/{file}"))?,
        });
    }
    let white = vec![255u8; (LAYER_SIZE * LAYER_SIZE * 4) as usize];
    layers.push(RawImage2d::from_raw_rgba(white, (LAYER_SIZE, LAYER_SIZE)));
    layers.extend(load_layers(
        assets,
        "textures/powerups.png",
        crate::assets::powerup_looks::ATLAS_LAYERS,
    )?);
    layers.push(match theme {
        Some(theme) => raw(&theme.brick_atlas()),
        None => RawImage2d::from_raw_rgba(
            vec![0u8; (LAYER_SIZE * LAYER_SIZE * 4) as usize],
            (LAYER_SIZE, LAYER_SIZE),
        ),
    });
    Ok(layers)
}

/// `image` resized to a layer ([`LAYER_SIZE`] square), stored as GL wants it.
fn raw(image: &RgbaImage) -> RawImage2d<'static, u8> {
    let sized = if image.dimensions() == (LAYER_SIZE, LAYER_SIZE) {
        image.clone()
    } else {
        image::imageops::resize(
            image,
            LAYER_SIZE,
            LAYER_SIZE,
            image::imageops::FilterType::Triangle,
        )
    };
    RawImage2d::from_raw_rgba_reversed(&sized.into_raw(), (LAYER_SIZE, LAYER_SIZE))
}
