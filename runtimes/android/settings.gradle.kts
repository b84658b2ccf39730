// Read only when this directory is built on its own (`gradle runtimeTests` here); an app that
// includes the module by path uses its own settings and its own Kotlin Gradle plugin.
pluginManagement {
    repositories {
        gradlePluginPortal()
        mavenCentral()
    }
    plugins {
        kotlin("jvm") version "1.9.24"
    }
}

rootProject.name = "gesturetune-runtime"
