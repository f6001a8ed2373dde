#version 330 core
// Full-screen quad that copies the offscreen scene to the window's letterboxed viewport.
in vec2 corner;
out vec2 v_uv;

void main() {
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
    v_uv = corner;
}
