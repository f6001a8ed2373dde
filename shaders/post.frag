#version 330 core
// Chaos: edge detection. Shake: blur. Confuse: inverted colours (LearnOpenGL's kernels).
//
// The renderer compiles one variant per combination of effects by inserting `#define CHAOS`,
// `#define CONFUSE` and `#define SHAKE` after the `#version` line (see src/render/post.rs), so a
// frame pays only for the effects that are on: a software rasteriser such as llvmpipe runs both
// sides of an `if` on a uniform, so a 9-tap kernel behind a uniform branch would cost every frame.

in vec2 v_uv;
out vec4 color;

uniform sampler2D scene;
uniform vec2 kernel_step; // uv offset between kernel taps: 2 playfield pixels, any resolution

void main() {
#if defined(CHAOS) || defined(SHAKE)
    const vec2 offsets[9] = vec2[](
        vec2(-1.0,  1.0), vec2(0.0,  1.0), vec2(1.0,  1.0),
        vec2(-1.0,  0.0), vec2(0.0,  0.0), vec2(1.0,  0.0),
        vec2(-1.0, -1.0), vec2(0.0, -1.0), vec2(1.0, -1.0));
#ifdef CHAOS
    const float kernel[9] = float[](-1.0, -1.0, -1.0, -1.0, 8.0, -1.0, -1.0, -1.0, -1.0);
#else
    const float kernel[9] = float[](
        1.0 / 16.0, 2.0 / 16.0, 1.0 / 16.0,
        2.0 / 16.0, 4.0 / 16.0, 2.0 / 16.0,
        1.0 / 16.0, 2.0 / 16.0, 1.0 / 16.0);
#endif
    vec3 rgb = vec3(0.0);
    for (int i = 0; i < 9; i++) {
        rgb += texture(scene, v_uv + offsets[i] * kernel_step).rgb * kernel[i];
    }
#else
    vec3 rgb = texture(scene, v_uv).rgb;
#endif
#ifdef CONFUSE
    rgb = 1.0 - rgb;
#endif
    color = vec4(rgb, 1.0);
}
