#version 330 core
// Instanced sprite: one unit quad (corner in [0,1]^2) stretched over each instance's rectangle.
// Playfield coordinates: pixels, origin top-left, y down.

in vec2 corner;
in vec4 i_rect;   // x, y, width, height (pixels)
in vec4 i_uv;     // u0, v0, u1, v1 in image space (origin top-left)
in vec4 i_color;  // linear RGBA tint
in float i_layer; // texture array layer

uniform vec2 playfield_size; // pixels
// True when the target stores its top row first (the renderer's offscreen textures, see
// src/render/offscreen.rs); false for a window, whose row 0 is the bottom.
uniform bool target_top_down;

out vec3 v_uv;
out vec4 v_color;

void main() {
    vec2 pos = i_rect.xy + corner * i_rect.zw;
    vec2 ndc = vec2(pos.x / playfield_size.x * 2.0 - 1.0, 1.0 - pos.y / playfield_size.y * 2.0);
    if (target_top_down) {
        ndc.y = -ndc.y;
    }
    gl_Position = vec4(ndc, 0.0, 1.0);
    vec2 uv = mix(i_uv.xy, i_uv.zw, corner);
    // Images are uploaded bottom row first (OpenGL's convention), so flip v.
    v_uv = vec3(uv.x, 1.0 - uv.y, i_layer);
    v_color = i_color;
}
