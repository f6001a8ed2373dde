#version 330 core
// Post-processing (LearnOpenGL "2D game → Postprocessing": confuse and chaos; shake moves the
// viewport and needs no shader). Drawn as *patches* (src/render/patches.rs): one quad per
// rectangle of the target's viewport, which shows the effect applied to a rectangle of the
// scene texture, read forwards (chaos's swirl) or backwards (confuse's flip, a negative width
// and height). A whole frame is one patch; a frame with an effect on is the cached backdrop's
// picture plus patches over what moves (src/render/post_frame.rs).
// Texels: the scene texture's pixels, the size of the target's viewport, origin top-left, y down.

in vec2 corner;
in vec4 p_source; // x, y, width, height of the rectangle read (scene texels; wraps past the edges)
in vec2 p_target; // where it lands: top-left corner, pixels of the viewport (origin top-left)

uniform vec2 scene_size; // texels of the scene texture = pixels of the target's viewport
// True when the target stores its top row first (an offscreen texture); false for a window.
uniform bool target_top_down;

out vec2 v_texel; // scene texel under this fragment (at a texel's centre), before wrapping

void main() {
    v_texel = p_source.xy + corner * p_source.zw;
    vec2 ndc = (p_target + corner * abs(p_source.zw)) / scene_size * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, target_top_down ? ndc.y : -ndc.y, 0.0, 1.0);
}
