#version 330 core
in vec2 v_uv;
uniform sampler2D scene;
out vec4 color;

void main() {
    color = vec4(texture(scene, v_uv).rgb, 1.0);
}
