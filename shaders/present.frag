#version 330 core
// Copies a texture 1:1 (the cached backdrop into the frame, or a captured frame to the window).
in vec2 v_uv;
uniform sampler2D scene;
out vec4 color;

void main() {
    color = vec4(texture(scene, v_uv).rgb, 1.0);
}
