#version 330 core
// Particles as point sprites: one point per particle, drawn instanced (one vertex, one instance
// per particle), `gl_PointSize` its diameter in framebuffer pixels. Why points and not the
// sprite quad: a software rasteriser (llvmpipe) sets up one point instead of two triangles per
// particle, which measured 10-25% less CPU per frame with ~550 particles (docs/rendering.md).
// Playfield coordinates: pixels, origin top-left, y down.

in vec4 i_rect;   // x, y, width, height (pixels): the particle's square
in vec4 i_color;  // linear RGBA

uniform vec2 playfield_size;  // pixels
uniform float viewport_scale; // framebuffer pixels per playfield pixel
// True when the target stores its top row first (the renderer's offscreen textures, see
// src/render/offscreen.rs); false for a window, whose row 0 is the bottom.
uniform bool target_top_down;

out vec4 v_color;

void main() {
    vec2 centre = i_rect.xy + 0.5 * i_rect.zw;
    vec2 ndc = vec2(centre.x / playfield_size.x * 2.0 - 1.0, 1.0 - centre.y / playfield_size.y * 2.0);
    if (target_top_down) {
        ndc.y = -ndc.y;
    }
    gl_Position = vec4(ndc, 0.0, 1.0);
    gl_PointSize = i_rect.z * viewport_scale;
    v_color = i_color;
}
