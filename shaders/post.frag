#version 330 core
// Chaos: edge detection. Confuse: inverted colours (LearnOpenGL's effects). Shake has no
// fragment work: it moves the picture (the viewport, or this pass's quad in post.vert).
//
// The renderer compiles one variant per combination of effects by inserting `#define CHAOS`,
// `#define CONFUSE` and `#define SHAKE` after the `#version` line (see src/render/post.rs), so a
// frame pays only for the effects that are on: a software rasteriser such as llvmpipe runs both
// sides of an `if` on a uniform.
//
// Chaos's edges come from the gradient's forward differences, |right - centre| + |below -
// centre| (3 texture taps), rather than LearnOpenGL's 3x3 Laplacian (9 taps): the same bright
// outlines on black, at a third of the cost on a software rasteriser (docs/rendering.md).

in vec2 v_uv;
out vec4 color;

uniform sampler2D scene;
uniform vec2 kernel_step; // uv offset between taps: 2 playfield pixels, any resolution

// Brightness of the edges: LearnOpenGL's kernel sums 8 differences, these 2.
const float EDGE_GAIN = 4.0;

void main() {
    vec3 rgb = texture(scene, v_uv).rgb;
#ifdef CHAOS
    vec3 right = texture(scene, v_uv + vec2(kernel_step.x, 0.0)).rgb;
    vec3 below = texture(scene, v_uv + vec2(0.0, kernel_step.y)).rgb;
    rgb = EDGE_GAIN * (abs(right - rgb) + abs(below - rgb));
#endif
#ifdef CONFUSE
    rgb = 1.0 - rgb;
#endif
    color = vec4(rgb, 1.0);
}
