#version 330 core
// Particles: a soft round blob computed from the quad's texture coordinates instead of sampled
// from a texture (the same falloff as `textures/particle.png`, made by examples/gen_assets.rs).
// Why: particles are many small quads drawn every frame; on a software rasteriser a trilinear
// texture fetch per fragment costs far more than these few arithmetic operations.
in vec3 v_uv;
in vec4 v_color;

out vec4 color;

void main() {
    vec2 p = v_uv.xy * 2.0 - 1.0;
    float d = length(p);
    float alpha = exp(-4.0 * d * d) * (1.0 - smoothstep(0.7, 1.0, d));
    color = vec4(v_color.rgb, v_color.a * alpha);
}
