#version 330 core
// Chaos: edge detection. Confuse: inverted colours (LearnOpenGL's effects; where each pixel
// reads from, the swirl or the flip, is set by the patch, see post.vert).
//
// The renderer compiles one variant per combination by inserting `#define CHAOS` and/or
// `#define CONFUSE` after the `#version` line (src/render/post.rs): a software rasteriser such
// as llvmpipe runs both sides of an `if` on a uniform, so each variant holds only its code.
//
// Chaos's edges are the gradient's forward differences, |right - centre| + |below - centre|
// per channel, `kernel` texels apart (2 playfield pixels at any size), 3 taps instead of
// LearnOpenGL's 3×3 Laplacian (9): the same bright outlines on black (docs/rendering.md).
// Every tap lands on a texel's centre (nearest, wrapped by the sampler), so a patch over a
// moving sprite gives exactly the pixels a pass over the whole frame gives there.

in vec2 v_texel;
out vec4 color;

uniform sampler2D scene; // stored top row first, the size of the viewport; nearest, repeat
uniform int kernel;      // texels between chaos's taps

// Brightness of the edges: LearnOpenGL's kernel sums 8 differences, these 2.
const float EDGE_GAIN = 4.0;

void main() {
    vec2 size = vec2(textureSize(scene, 0));
    vec2 uv = (floor(v_texel) + 0.5) / size;
    vec3 rgb = texture(scene, uv).rgb;
#ifdef CHAOS
    vec2 step = float(kernel) / size;
    vec3 right = texture(scene, uv + vec2(step.x, 0.0)).rgb;
    vec3 below = texture(scene, uv + vec2(0.0, step.y)).rgb;
    rgb = EDGE_GAIN * (abs(right - rgb) + abs(below - rgb));
#endif
#ifdef CONFUSE
    rgb = 1.0 - rgb;
#endif
    color = vec4(rgb, 1.0);
}
