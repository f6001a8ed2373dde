#version 330 core
// The text batch (drawn with sprite.vert): glyphs from the glyph atlas, everything else
// (panels, icons) from the texture array as sprite.frag does.
in vec3 v_uv;
in vec4 v_color;

uniform sampler2DArray atlas;
// Glyph atlas (src/view/text/atlas.rs): red = the glyph's coverage, green = its outline's
// (the glyph grown by a pixel or so). Rows uploaded top first.
uniform sampler2D glyphs;

out vec4 color;

void main() {
    if (v_uv.z < -0.5) {
        // A glyph (layer -1): the tint over a dark outline. sprite.vert flipped v for
        // bottom-up images; the glyph atlas is stored top row first, so flip it back.
        vec2 cover = texture(glyphs, vec2(v_uv.x, 1.0 - v_uv.y)).rg;
        float alpha = max(cover.r, cover.g);
        float fill = alpha > 0.0 ? cover.r / alpha : 0.0;
        color = vec4(v_color.rgb * fill, alpha * v_color.a);
    } else {
        color = texture(atlas, v_uv) * v_color;
    }
}
