#version 330 core
// Chaos: edge detection. Shake: blur. Confuse: inverted colours. The 3×3 kernels only run while
// their effect is active (uniform branches are coherent: free when off).

in vec2 v_uv;
out vec4 color;

uniform sampler2D scene;
uniform vec2 kernel_step; // uv offset between kernel taps: 2 playfield pixels, any resolution
uniform bool chaos;
uniform bool confuse;
uniform bool shake;

void main() {
    vec3 rgb;
    if (chaos || shake) {
        vec2 offsets[9] = vec2[](
            vec2(-1.0,  1.0), vec2(0.0,  1.0), vec2(1.0,  1.0),
            vec2(-1.0,  0.0), vec2(0.0,  0.0), vec2(1.0,  0.0),
            vec2(-1.0, -1.0), vec2(0.0, -1.0), vec2(1.0, -1.0));
        float edge[9] = float[](-1.0, -1.0, -1.0, -1.0, 8.0, -1.0, -1.0, -1.0, -1.0);
        float blur[9] = float[](1.0, 2.0, 1.0, 2.0, 4.0, 2.0, 1.0, 2.0, 1.0);
        rgb = vec3(0.0);
        for (int i = 0; i < 9; i++) {
            vec3 tap = texture(scene, v_uv + offsets[i] * kernel_step).rgb;
            rgb += tap * (chaos ? edge[i] : blur[i] / 16.0);
        }
    } else {
        rgb = texture(scene, v_uv).rgb;
    }
    if (confuse) {
        rgb = 1.0 - rgb;
    }
    color = vec4(rgb, 1.0);
}
