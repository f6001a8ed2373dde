#version 330 core
// Particles: a soft round blob computed from the point sprite's coordinates instead of sampled
// from a texture (the same falloff as `textures/particle.png`, made by examples/gen_assets.rs).
// Why: particles are many small sprites drawn every frame; on a software rasteriser a trilinear
// texture fetch per fragment costs far more than these few arithmetic operations. The falloff,
// (1 - d²)³, is a polynomial close to the Gaussian e^(-4d²): no square root, no exponential
// (measured on llvmpipe with ~770 particles: 0.1-0.2 ms less per frame).
in vec4 v_color;

out vec4 color;

void main() {
    vec2 p = gl_PointCoord * 2.0 - 1.0; // -1..1 across the point, symmetric: no y convention
    float t = max(1.0 - dot(p, p), 0.0);
    float alpha = t * t * t;
    color = vec4(v_color.rgb, v_color.a * alpha);
}
