#version 330 core
// Full-screen quad over the current viewport, for 1:1 texture copies.
in vec2 corner;
out vec2 v_uv;

void main() {
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
    v_uv = corner;
}
