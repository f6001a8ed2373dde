#version 330 core
in vec3 v_uv;
in vec4 v_color;

uniform sampler2DArray atlas;

out vec4 color;

void main() {
    color = texture(atlas, v_uv) * v_color;
}
