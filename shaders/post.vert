#version 330 core
// Post-processing pass over the offscreen scene (LearnOpenGL "2D game → Postprocessing"):
// a full-screen quad whose texture coordinates swirl for chaos, flip for confuse, and whose
// position jitters for shake.
//
// The renderer compiles one variant per combination of effects by inserting `#define CHAOS`,
// `#define CONFUSE` and `#define SHAKE` after the `#version` line (see src/render/post.rs).

in vec2 corner;
out vec2 v_uv;

uniform float time;           // seconds
uniform float shake_strength; // 0..1
// The scene texture stores its top row first (src/render/offscreen.rs). Drawn into a window
// (row 0 at the bottom) it is read flipped; into another top-row-first texture, as it is.
uniform bool target_top_down;

void main() {
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
    vec2 uv = corner;
#if defined(CHAOS)
    float swirl = 0.3;
    uv = vec2(uv.x + sin(time) * swirl, uv.y + cos(time) * swirl);
#elif defined(CONFUSE)
    uv = vec2(1.0 - uv.x, 1.0 - uv.y);
#endif
    // Flipping the coordinates, not the picture: chaos's edges then face the other way in
    // a flipped frame, which no one can tell apart.
    v_uv = target_top_down ? uv : vec2(uv.x, 1.0 - uv.y);
#ifdef SHAKE
    float amount = 0.01 * shake_strength;
    gl_Position.x += cos(time * 10.0) * amount;
    gl_Position.y += cos(time * 15.0) * amount;
#endif
}
